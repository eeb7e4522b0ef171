# cmake -DJSON=FILE -DWIDE=FILE -P check_list_json.cmake
# collscope-run --list --json must parse (string(JSON) fails on malformed text), name every
# algorithm of --list --wide (one line each, after a header; the last line points at --list
# ompi) exactly once, in the same order, and give every entry the registry's fields.
file(READ "${JSON}" json)
file(READ "${WIDE}" wide)
# One list element per line: CMake lists split at ';', which some formulas contain.
string(REPLACE ";" "," wide "${wide}")
string(REGEX REPLACE "\n$" "" wide "${wide}")
string(REPLACE "\n" ";" wide "${wide}")
list(POP_FRONT wide) # header
list(POP_BACK wide)  # "Open MPI's own algorithms …"
string(JSON entries LENGTH "${json}")
list(LENGTH wide lines)
if(NOT entries EQUAL lines)
  message(FATAL_ERROR "--list --json has ${entries} entries, --list --wide ${lines} algorithms")
endif()
set(fields collective name description source rounds cost hierarchical commutative_only parameter
           uses_blocks uses_piece native flat_rounds flat_cost block_cost two_level_rounds
           two_level_cost own_blocks_lemma irregular_model power_of_two_only full_lane
           uses_threshold uses_network has_root reduces irregular)
math(EXPR last "${entries} - 1")
foreach(i RANGE ${last})
  string(JSON entry GET "${json}" ${i}) # parse the whole text once per entry, not per field
  foreach(field IN LISTS fields)
    string(JSON type ERROR_VARIABLE missing TYPE "${entry}" ${field})
    if(missing)
      message(FATAL_ERROR "--list --json entry ${i} has no '${field}'")
    endif()
  endforeach()
  string(JSON collective GET "${entry}" collective)
  string(JSON name GET "${entry}" name)
  list(GET wide ${i} line)
  if(NOT line MATCHES "^${collective} +${name} ")
    message(FATAL_ERROR "entry ${i}: JSON says '${collective} ${name}', --wide says '${line}'")
  endif()
endforeach()
message(STATUS "--list --json: ${entries} algorithms, every field, the same as --list --wide")
