/* The recorder's hook inside native collectives (ompi/pml_hook.h), built against MPICH: nothing
 * is hooked. MPICH's collectives send through MPIC_Send, MPIC_Isend, MPIC_Recv, MPIC_Irecv and
 * MPIC_Sendrecv, which libmpich does not export (only MPI_* and PMPI_* are dynamic symbols), so
 * no preloaded library sees them; the device below (ch4:ucx in Debian's build) is reached from
 * them without a PMPI layer either. The check says so, and the archive's NATIVE_INSIDE with it. */
#include "../ompi/pml_hook.h"

#include <stdio.h>
#include <string.h>

int collscope_ompi_hook_check(char* what, size_t size) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {0};
  int length = 0;
  MPI_Get_library_version(version, &length);
  /* "MPICH Version:\t4.0.2\nMPICH Release date: …": the first line, tabs as spaces. */
  const char* end = strpbrk(version, "\n");
  const int first = end != NULL ? (int)(end - version) : (int)strnlen(version, 40);
  for (int i = 0; i < first; ++i)
    if (version[i] == '\t') version[i] = ' ';
  snprintf(
      what, size,
      "the library is %.*s, whose collectives send through its internal MPIC_* functions "
      "(not exported, so not interposable): only each call, its counts and its bytes are recorded",
      first, version);
  return 0;
}

int collscope_ompi_hook_begin(MPI_Comm comm, enum collscope_ompi_coll coll, char* component,
                              size_t size) {
  (void)comm;
  (void)coll;
  if (size > 0) component[0] = '\0';
  return 0;
}

void collscope_ompi_hook_end(void) {}
