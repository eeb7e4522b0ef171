# The Debian package: `cpack -G DEB` in the build folder (after a build) writes
# collscope_VERSION_ARCH.deb of the install tree (cmake/install.cmake) under /usr. Its
# library dependencies (Open MPI, Qt 6, OTF2, Graphviz, …) come from dpkg-shlibdeps; the
# programs it runs (mpirun, mpicxx for grading, bwrap, nm) are named here.
set(CPACK_PACKAGE_NAME collscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "teaching and visualization toolkit for MPI collective algorithms")
set(CPACK_PACKAGE_DESCRIPTION
    "collscope runs collective algorithms on MPI point-to-point, records every message into \
OTF2 traces, animates them, presents lecture decks with live runs, and grades students' \
collectives in a sandbox. `collscope --help` lists its subcommands.")
set(CPACK_PACKAGE_CONTACT "collscope maintainers <maintainers@collscope.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
# Without their debugging information the programs are a tenth of their size.
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# dpkg-shlibdeps resolves what the executables and libraries link; what collscope starts as
# programs, or hands to compilers, it cannot see:
#  - mpirun (openmpi-bin), and mpicxx with MPI's headers to build graded submissions and
#    programs that link collscope::algorithms (libopenmpi-dev, g++);
#  - bwrap, the grader's sandbox; nm and objdump, its symbol policy (binutils).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "openmpi-bin, libopenmpi-dev, g++, bubblewrap, binutils")
# simulate runs smpirun (simgrid); the modulefile is for Lmod.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "simgrid, man-db")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "lmod")
include(CPack)
