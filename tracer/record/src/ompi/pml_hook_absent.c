/* The PML hook where Open MPI's internal headers were not found at build time (another MPI,
 * SimGrid SMPI, a machine without libopenmpi-dev): nothing is hooked, and the check says why. */
#include "pml_hook.h"

#include <stdio.h>
#include <string.h>

int collscope_ompi_hook_check(char* what, size_t size) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {0};
  int length = 0;
  MPI_Get_library_version(version, &length);
  const char* end = strpbrk(version, ",\n");
  snprintf(what, size, "the library is %.*s; the tracer was built without Open MPI's internal headers",
           end != NULL ? (int)(end - version) : 40, version);
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
