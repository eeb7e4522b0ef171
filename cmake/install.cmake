# Every install rule of collscope, and the build tree's mirror of the install tree. Included
# last by the top-level CMakeLists.txt, so every target exists; rules name targets (or the
# file names cli/subcommands.cpp gives programs), never a module's source folders, so modules
# can move. Relocatable:
#
#   PREFIX/bin/collscope                   the front end, and the old names as thin aliases
#   PREFIX/libexec/collscope/              the subcommands' executables and scripts
#   PREFIX/lib/                            the preload libraries, the grading harness, the
#                                          algorithms' static libraries, cmake/, pkgconfig/
#   PREFIX/include/collscope/              the algorithms' and schedules' public headers
#   PREFIX/share/collscope/                slides/, exercises/, harness/, modulefiles/
#   PREFIX/share/man/man1, share/bash-completion/completions
#
# Programs find lib/ and share/collscope/ from their own file (common/src/paths.cpp, and
# cli/locate.cpp for the front end). tests/install installs, moves the tree, hides the sources
# and uses it. The Debian package is cmake/package.cmake.

set(collscope_libexec_dir libexec/collscope)
set(collscope_data_dir share/collscope)
set(collscope_cmake_dir lib/cmake/collscope)

# The build tree has the install tree's share/collscope/ (links into the source tree) and
# libexec/collscope/simulate, so that collscope/paths.hpp finds the same files from build/bin
# as from an installed bin/ or libexec/collscope/.
function(collscope_link_into_build_tree source link)
  get_filename_component(parent ${CMAKE_BINARY_DIR}/${link} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${source} ${CMAKE_BINARY_DIR}/${link} SYMBOLIC)
endfunction()
collscope_link_into_build_tree(${PROJECT_SOURCE_DIR}/slides ${collscope_data_dir}/slides)
collscope_link_into_build_tree(${PROJECT_SOURCE_DIR}/exercises ${collscope_data_dir}/exercises)
collscope_link_into_build_tree(${PROJECT_SOURCE_DIR}/exercises/harness/include
                               ${collscope_data_dir}/harness/include)
collscope_link_into_build_tree(${PROJECT_SOURCE_DIR}/scripts/simulate
                               ${collscope_libexec_dir}/simulate)

# SimGrid SMPI (preset smpi): only what scripts/simulate runs, into libexec/collscope/smpi/,
# where an installed simulate looks (cmake --install build-smpi --prefix PREFIX, after build/).
if(COLLSCOPE_SMPI)
  foreach(target collscope_run collscope_smpi_import collscope_bench_gatherv
                 collscope_bench_collectives)
    if(TARGET ${target})
      install(TARGETS ${target} RUNTIME DESTINATION ${collscope_libexec_dir}/smpi)
    endif()
  endforeach()
  return()
endif()

# ---- programs -------------------------------------------------------------------------------

# Every executable target of the project, by directory (tests' and benchmarks' included).
function(collscope_collect_executables dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  set(found ${${out}})
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      list(APPEND found ${target})
    endif()
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
  foreach(subdir IN LISTS subdirs)
    collscope_collect_executables(${subdir} ${out})
    set(${out} ${${out}} PARENT_SCOPE)
  endforeach()
endfunction()
set(collscope_executables "")
collscope_collect_executables(${PROJECT_SOURCE_DIR} collscope_executables)

# The file a program is built as (its OUTPUT_NAME) → where and as what it is installed. The
# names are cli/subcommands.cpp's: the trace CLI is collscope-trace-cli once installed, since
# lib/libcollscope-trace.so is the tracer.
set(collscope_installed_programs
    "collscope=bin/collscope"
    "collscope-run=${collscope_libexec_dir}/collscope-run"
    "collscope-trace=${collscope_libexec_dir}/collscope-trace-cli"
    "collscope-view=${collscope_libexec_dir}/collscope-view"
    "collscope-grade=${collscope_libexec_dir}/collscope-grade"
    "collscope-guidelines=${collscope_libexec_dir}/collscope-guidelines"
    "collscope-profiles=${collscope_libexec_dir}/collscope-profiles"
    "collscope-calibrate=${collscope_libexec_dir}/collscope-calibrate")
set(collscope_programs_seen "")
foreach(target IN LISTS collscope_executables)
  get_target_property(name ${target} OUTPUT_NAME)
  if(NOT name)
    set(name ${target})
  endif()
  foreach(entry IN LISTS collscope_installed_programs)
    string(REPLACE "=" ";" entry "${entry}")
    list(GET entry 0 built)
    list(GET entry 1 installed)
    if(NOT name STREQUAL built)
      continue()
    endif()
    get_filename_component(destination ${installed} DIRECTORY)
    get_filename_component(file ${installed} NAME)
    # collscope-run links lib/libcollscope-trace.so: found from the program's own folder (and
    # MPI where it was found, if that is no system folder).
    file(RELATIVE_PATH to_lib /${destination} /lib)
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/${to_lib}"
                                               INSTALL_RPATH_USE_LINK_PATH ON)
    if(file STREQUAL name)
      install(TARGETS ${target} RUNTIME DESTINATION ${destination})
    else() # renamed: installed as a file (none of these links a library of ours)
      install(PROGRAMS $<TARGET_FILE:${target}> DESTINATION ${destination} RENAME ${file})
    endif()
    list(APPEND collscope_programs_seen ${built})
  endforeach()
endforeach()

# The scripts that are subcommands.
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/simulate DESTINATION ${collscope_libexec_dir})

# The old names, one release long: a line saying where the command went (once per run, not
# per MPI rank), then the new command. collscope-trace stays a name of the trace CLI's
# subcommands: `collscope-trace stats T` is `collscope stats T`.
set(collscope_aliases
    "collscope-run=run" "collscope-trace=" "collscope-grade=grade"
    "collscope-guidelines=guidelines" "collscope-profiles=profiles"
    "collscope-calibrate=calibrate")
foreach(entry IN LISTS collscope_aliases)
  string(REPLACE "=" ";" entry "${entry}")
  list(GET entry 0 old)
  list(GET entry 1 sub)
  if(NOT old IN_LIST collscope_programs_seen)
    continue()
  endif()
  set(new "collscope${sub}")
  if(sub)
    set(new "collscope ${sub}")
  else()
    set(new "collscope SUBCOMMAND")
  endif()
  set(alias_file ${CMAKE_BINARY_DIR}/aliases/${old})
  configure_file(${CMAKE_CURRENT_LIST_DIR}/alias.sh.in ${alias_file} @ONLY)
  install(PROGRAMS ${alias_file} DESTINATION bin)
endforeach()

# ---- libraries ------------------------------------------------------------------------------

# The preload libraries and what the grader links every submission with.
foreach(target collscope_trace collscope_tune collscope_sync_send collscope_grade_harness)
  if(TARGET ${target})
    install(TARGETS ${target} LIBRARY DESTINATION lib ARCHIVE DESTINATION lib)
  endif()
endforeach()

# ---- the library to link: find_package(collscope), pkg-config -------------------------------

# What collscope::algorithms and collscope::schedule need: the project's targets they link,
# publicly or (being static libraries) privately, in link order (a library before those it
# uses: reversed post-order); the imported targets (MPI) and plain libraries (dl) they link.
function(collscope_link_closure target)
  get_target_property(aliased ${target} ALIASED_TARGET)
  if(aliased)
    set(target ${aliased})
  endif()
  get_target_property(imported ${target} IMPORTED)
  get_property(visited GLOBAL PROPERTY collscope_closure_visited)
  if(imported)
    set_property(GLOBAL APPEND PROPERTY collscope_closure_imported ${target})
    return()
  elseif(target IN_LIST visited)
    return()
  endif()
  set_property(GLOBAL APPEND PROPERTY collscope_closure_visited ${target})
  get_target_property(links ${target} INTERFACE_LINK_LIBRARIES)
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" link "${link}")
    if(TARGET ${link})
      collscope_link_closure(${link})
    elseif(link AND NOT link MATCHES "[$<]")
      set_property(GLOBAL APPEND PROPERTY collscope_closure_plain ${link})
    endif()
  endforeach()
  set_property(GLOBAL APPEND PROPERTY collscope_closure_postorder ${target})
endfunction()
foreach(root collscope_algorithms collscope_schedule)
  collscope_link_closure(${root})
endforeach()
get_property(collscope_exported GLOBAL PROPERTY collscope_closure_postorder)
list(REVERSE collscope_exported)
get_property(collscope_exported_imported GLOBAL PROPERTY collscope_closure_imported)
get_property(collscope_exported_plain GLOBAL PROPERTY collscope_closure_plain)
list(REMOVE_DUPLICATES collscope_exported_imported)
list(REMOVE_DUPLICATES collscope_exported_plain)

# Exported as collscope::NAME (collscope_algorithms → collscope::algorithms); include folders
# of the build tree become include/ of the install tree, and their headers are installed.
set(collscope_header_dirs "")
set(collscope_pc_libs "")
foreach(target IN LISTS collscope_exported)
  string(REGEX REPLACE "^collscope_" "" name ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  if(dirs)
    set(interface "")
    foreach(dir IN LISTS dirs)
      if(dir MATCHES "^\\$<BUILD_INTERFACE:(.*)>$")
        list(APPEND collscope_header_dirs ${CMAKE_MATCH_1})
        list(APPEND interface "${dir}")
      elseif(NOT dir MATCHES "\\$<")
        list(APPEND collscope_header_dirs ${dir})
        list(APPEND interface "$<BUILD_INTERFACE:${dir}>")
      elseif(NOT dir MATCHES "^\\$<INSTALL_INTERFACE:")
        message(FATAL_ERROR "cmake/install.cmake: ${target}'s include folder ${dir} is neither "
                            "a path nor $<BUILD_INTERFACE:…>: the install tree cannot have it")
      endif()
    endforeach()
    list(APPEND interface "$<INSTALL_INTERFACE:include>")
    set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${interface}")
  endif()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "STATIC_LIBRARY")
    get_target_property(file ${target} OUTPUT_NAME)
    if(NOT file)
      set(file ${target})
    endif()
    string(APPEND collscope_pc_libs " -l${file}")
  endif()
endforeach()
foreach(plain IN LISTS collscope_exported_plain)
  if(plain MATCHES "^-")
    string(APPEND collscope_pc_libs " ${plain}")
  else()
    string(APPEND collscope_pc_libs " -l${plain}")
  endif()
endforeach()
install(TARGETS ${collscope_exported} EXPORT collscopeTargets
        ARCHIVE DESTINATION lib LIBRARY DESTINATION lib)
list(REMOVE_DUPLICATES collscope_header_dirs)
foreach(dir IN LISTS collscope_header_dirs)
  install(DIRECTORY ${dir}/ DESTINATION include FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
endforeach()

# The packages a user's find_package(collscope) finds first: MPI, with the languages linked.
set(collscope_config_dependencies "")
set(collscope_mpi_components "")
foreach(imported IN LISTS collscope_exported_imported)
  if(imported MATCHES "^MPI::MPI_(C|CXX)$")
    list(APPEND collscope_mpi_components ${CMAKE_MATCH_1})
  else()
    message(WARNING "cmake/install.cmake: collscope::algorithms links ${imported}, which "
                    "find_package(collscope) does not look for")
  endif()
endforeach()
if(collscope_mpi_components)
  list(SORT collscope_mpi_components)
  string(REPLACE ";" " " components "${collscope_mpi_components}")
  set(collscope_config_dependencies "find_dependency(MPI COMPONENTS ${components})")
endif()
include(CMakePackageConfigHelpers)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/collscopeConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/cmake/collscopeConfig.cmake
                              INSTALL_DESTINATION ${collscope_cmake_dir})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/collscopeConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(EXPORT collscopeTargets NAMESPACE collscope:: DESTINATION ${collscope_cmake_dir})
install(FILES ${CMAKE_BINARY_DIR}/cmake/collscopeConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/collscopeConfigVersion.cmake
        DESTINATION ${collscope_cmake_dir})

# pkg-config: the same static libraries, and the MPI they were built with.
if(COLLSCOPE_MPI_FLAVOR STREQUAL "mpich")
  set(collscope_pc_requires mpich)
else()
  set(collscope_pc_requires ompi-cxx)
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/collscope.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/collscope.pc
               @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/pkgconfig/collscope.pc DESTINATION lib/pkgconfig)

# ---- data -----------------------------------------------------------------------------------

install(DIRECTORY ${PROJECT_SOURCE_DIR}/slides/ DESTINATION ${collscope_data_dir}/slides
        PATTERN tools EXCLUDE)
# The exercises without the grader's and the harness's sources (the harness is built into
# lib/libcollscope_grade_harness.a; its headers go to harness/include).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/exercises/ DESTINATION ${collscope_data_dir}/exercises
        PATTERN grader EXCLUDE PATTERN harness EXCLUDE PATTERN CMakeLists.txt EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/exercises/harness/include/
        DESTINATION ${collscope_data_dir}/harness/include)

# Made at build time by the front end (cli/): man pages and the bash completion.
install(DIRECTORY ${CMAKE_BINARY_DIR}/share/man/ DESTINATION share/man OPTIONAL)
install(DIRECTORY ${CMAKE_BINARY_DIR}/share/bash-completion/ DESTINATION share/bash-completion
        OPTIONAL)

# Lmod: `module use PREFIX/share/collscope/modulefiles; module load collscope`.
configure_file(${PROJECT_SOURCE_DIR}/share/collscope/modulefiles/collscope.lua.in
               ${CMAKE_BINARY_DIR}/modulefiles/collscope/${PROJECT_VERSION}.lua @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/modulefiles/collscope/${PROJECT_VERSION}.lua
        DESTINATION ${collscope_data_dir}/modulefiles/collscope)

include(${CMAKE_CURRENT_LIST_DIR}/package.cmake)
