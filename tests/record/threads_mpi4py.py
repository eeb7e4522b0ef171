# mpi4py asks MPI_Init_thread for MPI_THREAD_MULTIPLE and gets it: under `collscope-trace
# record` too (tests/record/check_threads.sh mpi4py compares this script's output traced and
# untraced). Rank 0 prints; an assertion failure exits non-zero.
from mpi4py import MPI

comm = MPI.COMM_WORLD
level = MPI.Query_thread()
names = {MPI.THREAD_SINGLE: "MPI_THREAD_SINGLE", MPI.THREAD_FUNNELED: "MPI_THREAD_FUNNELED",
         MPI.THREAD_SERIALIZED: "MPI_THREAD_SERIALIZED", MPI.THREAD_MULTIPLE: "MPI_THREAD_MULTIPLE"}
total = comm.allreduce(comm.Get_rank() + 1, op=MPI.SUM)
levels = comm.gather(names.get(level, str(level)), root=0)
if comm.Get_rank() == 0:
    print("thread levels", " ".join(levels))
    print("allreduce", total)
assert level == MPI.THREAD_MULTIPLE, names.get(level, str(level))
assert total == comm.Get_size() * (comm.Get_size() + 1) // 2
