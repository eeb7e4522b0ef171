# An mpi4py program nobody on the team wrote in this style: MPI_THREAD_MULTIPLE (mpi4py's
# default), a split into {0} and {1, 2, 3}, and on each part an alltoall and a reduce whose
# root is rank 1 of the part that has one. Prints one line per rank with its results.
import os
from array import array

from mpi4py import MPI

world = MPI.COMM_WORLD
rank = world.Get_rank()
part = world.Split(0 if rank == 0 else 1, rank)
p = part.Get_size()
me = part.Get_rank()

send = array('i', [100 * rank + j for j in range(p)])
recv = array('i', [0] * p)
part.Alltoall(send, recv)

root = 1 if p > 1 else 0
total = array('i', [0])
part.Reduce(array('i', [rank + 1]), total, op=MPI.SUM, root=root)

line = "rank %d of part %d/%d: alltoall %s" % (rank, me, p, ",".join(map(str, recv)))
if me == root:
    line += " reduce %d" % total[0]
os.write(1, (line + "\n").encode())  # one write: mpirun never splits a line between ranks
part.Free()
