/* Helper of test_process.cpp: behaves like mpirun towards its ranks. It starts a child in a
 * process group of its own (Open MPI does that for every rank), writes the child's pid to
 * argv[1], and both sleep. */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const pid_t child = fork();
  if (child == 0) {
    setpgid(0, 0);
    sleep(300);
    return 0;
  }
  FILE* out = fopen(argv[1], "w");
  if (out == NULL) return 1;
  fprintf(out, "%d\n", (int)child);
  fclose(out);
  sleep(300);
  return 0;
}
