#include "measure.hpp"

#include <algorithm>

namespace collscope::calibrate {

namespace {

constexpr int tag = 7231;
constexpr int burst = 32; ///< messages of the gap measurement

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// The slowest rank's time of one timed region (the lecture: "time of slowest process").
double slowest(double local, MPI_Comm comm) {
  double t = 0;
  MPI_Allreduce(&local, &t, 1, MPI_DOUBLE, MPI_MAX, comm);
  return t;
}

/// Half a round trip of `bytes` between ranks 0 and 1 (rank 0's clock; others return 0).
double ping_pong(int rank, int bytes, std::vector<char>& out, std::vector<char>& in,
                 MPI_Comm comm) {
  const double start = MPI_Wtime();
  if (rank == 0) {
    MPI_Send(out.data(), bytes, MPI_BYTE, 1, tag, comm);
    MPI_Recv(in.data(), bytes, MPI_BYTE, 1, tag, comm, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Recv(in.data(), bytes, MPI_BYTE, 0, tag, comm, MPI_STATUS_IGNORE);
    MPI_Send(out.data(), bytes, MPI_BYTE, 0, tag, comm);
  }
  return (MPI_Wtime() - start) / 2;
}

/// Ranks 0 and 1 send to each other at once: the time of one simultaneous exchange.
double ping_ping(int rank, int bytes, std::vector<char>& out, std::vector<char>& in,
                 MPI_Comm comm) {
  MPI_Barrier(comm);
  const double start = MPI_Wtime();
  if (rank < 2) {
    MPI_Request request;
    MPI_Isend(out.data(), bytes, MPI_BYTE, 1 - rank, tag, comm, &request);
    MPI_Recv(in.data(), bytes, MPI_BYTE, 1 - rank, tag, comm, MPI_STATUS_IGNORE);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  return slowest(MPI_Wtime() - start, comm);
}

/// One step of the k-ring: every rank sends to its successor and receives from its predecessor.
double ring(int rank, int p, int bytes, std::vector<char>& out, std::vector<char>& in,
            MPI_Comm comm) {
  MPI_Barrier(comm);
  const double start = MPI_Wtime();
  MPI_Sendrecv(out.data(), bytes, MPI_BYTE, (rank + 1) % p, tag, in.data(), bytes, MPI_BYTE,
               (rank + p - 1) % p, tag, comm, MPI_STATUS_IGNORE);
  return slowest(MPI_Wtime() - start, comm);
}

/// LogP's o on the sender: how long MPI_Isend of one byte keeps the processor busy.
double overhead(int rank, int repetitions, std::vector<char>& out, std::vector<char>& in,
                MPI_Comm comm) {
  std::vector<double> times;
  for (int r = 0; r < repetitions; ++r) {
    MPI_Barrier(comm);
    if (rank == 0) {
      MPI_Request request;
      const double start = MPI_Wtime();
      MPI_Isend(out.data(), 1, MPI_BYTE, 1, tag, comm, &request);
      times.push_back(MPI_Wtime() - start);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(in.data(), 1, MPI_BYTE, 0, tag, comm, MPI_STATUS_IGNORE);
    }
  }
  return rank == 0 ? median(times) : 0.0;
}

/// k one-byte messages from rank 0 to rank 1, then one acknowledgement: in LogP the receiver
/// has the last at o + (k−1)g + L + o, so (T(k) − T(1))/(k − 1) = g.
double burst_time(int rank, int k, std::vector<char>& out, std::vector<char>& in, MPI_Comm comm) {
  MPI_Barrier(comm);
  const double start = MPI_Wtime();
  if (rank == 0) {
    for (int i = 0; i < k; ++i) MPI_Send(out.data(), 1, MPI_BYTE, 1, tag, comm);
    MPI_Recv(in.data(), 0, MPI_BYTE, 1, tag, comm, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    for (int i = 0; i < k; ++i) MPI_Recv(in.data(), 1, MPI_BYTE, 0, tag, comm, MPI_STATUS_IGNORE);
    MPI_Send(out.data(), 0, MPI_BYTE, 0, tag, comm);
  }
  return MPI_Wtime() - start;
}

} // namespace

Measured measure(const Sweep& sweep, MPI_Comm comm) {
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const int largest = sweep.sizes.empty() ? 1 : std::max(1, sweep.sizes.back());
  std::vector<char> out(static_cast<std::size_t>(largest), 'x'), in(out.size());
  Measured m;
  for (int bytes : sweep.sizes) {
    std::vector<double> pp, pi, rg;
    // One untimed warm-up of each pattern: connection set-up and first-touch are not the model.
    ping_pong(rank, bytes, out, in, comm);
    for (int r = 0; r < sweep.repetitions; ++r) pp.push_back(ping_pong(rank, bytes, out, in, comm));
    ping_ping(rank, bytes, out, in, comm);
    for (int r = 0; r < sweep.repetitions; ++r) pi.push_back(ping_ping(rank, bytes, out, in, comm));
    ring(rank, p, bytes, out, in, comm);
    for (int r = 0; r < sweep.repetitions; ++r) rg.push_back(ring(rank, p, bytes, out, in, comm));
    const double b = bytes;
    m.ping_pong.push_back({b, median(pp)});
    m.ping_ping.push_back({b, median(pi)});
    m.ring.push_back({b, median(rg)});
  }
  m.overhead_s = overhead(rank, sweep.repetitions, out, in, comm);
  std::vector<double> one, many;
  for (int r = 0; r < sweep.repetitions; ++r) {
    one.push_back(burst_time(rank, 1, out, in, comm));
    many.push_back(burst_time(rank, burst, out, in, comm));
  }
  m.gap_s = rank == 0 ? std::max(0.0, (median(many) - median(one)) / (burst - 1)) : 0.0;
  return m;
}

} // namespace collscope::calibrate
