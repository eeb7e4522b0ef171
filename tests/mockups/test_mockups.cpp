// The guideline mock-ups (seeds/004) where the general sweeps of tests/mpi do not reach: the
// bitwise-OR mock-ups (GL3, GL13) on floating-point data with NaNs, infinities, −0 and
// subnormals and on a datatype with a gap, bit for bit against the library; the padding of GL6
// and GL15 holding the user's values (an op that must never see a zero); mixed datatypes at a
// count that needs padding and at 1024 ints (4096 bytes, a bug report's size), at every root.
// One mpirun at p = 7 covers p = 3 and 4 (the world split in two) and p = 7; the same binary
// at p = 5 over TCP (btl tcp,self, the path between two nodes) covers p = 2, 3 and 5.
#include "collective_case.hpp"
#include "collscope/algorithms/registry.hpp"
#include "mpi_support.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace collscope;
using namespace collscope::testing;

namespace {

/// The communicators of the test: this rank's half of the world (3 or 4 ranks), then the world.
std::vector<MPI_Comm> communicators() {
  int rank = 0, p = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  MPI_Comm half = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, rank < p / 2 ? 0 : 1, rank, &half);
  return {half, MPI_COMM_WORLD};
}

void release(std::vector<MPI_Comm>& comms) {
  MPI_Comm_free(&comms.front());
}

/// Doubles whose bits an arithmetic path would change: NaNs with payloads, ±∞, −0, subnormals.
std::vector<double> awkward(int rank, int count) {
  std::vector<double> v(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    double x = 0;
    switch ((rank + i) % 6) {
    case 0: {
      std::uint64_t bits = 0x7ff8000000000000ULL + 17ULL * static_cast<std::uint64_t>(rank + 1);
      std::memcpy(&x, &bits, sizeof x);
      break;
    }
    case 1:
      x = -std::numeric_limits<double>::infinity();
      break;
    case 2:
      x = -0.0;
      break;
    case 3:
      x = std::numeric_limits<double>::denorm_min() * (i + 1);
      break;
    case 4:
      x = -1.5e300 * (rank + 1);
      break;
    default:
      x = 0.1 * i - rank;
    }
    v[static_cast<std::size_t>(i)] = x;
  }
  return v;
}

bool same_bytes(const void* a, const void* b, std::size_t bytes) {
  return bytes == 0 || std::memcmp(a, b, bytes) == 0;
}

/// GL3 (allgather) or GL13 (gather at `root`) on `count` awkward doubles against the library.
bool or_trick_on_doubles(const Algorithm& a, int count, int root, MPI_Comm comm) {
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const std::vector<double> mine = awkward(rank, count);
  std::vector<double> got(static_cast<std::size_t>(p * count), 7.0), want = got;
  int rc = 0, rc_native = 0;
  if (a.collective == Collective::allgather) {
    rc = a.allgather(mine.data(), count, MPI_DOUBLE, got.data(), count, MPI_DOUBLE, comm);
    rc_native = MPI_Allgather(mine.data(), count, MPI_DOUBLE, want.data(), count, MPI_DOUBLE, comm);
  } else {
    rc = a.rooted(mine.data(), count, MPI_DOUBLE, got.data(), count, MPI_DOUBLE, root, comm);
    rc_native =
        MPI_Gather(mine.data(), count, MPI_DOUBLE, want.data(), count, MPI_DOUBLE, root, comm);
  }
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS &&
         same_bytes(got.data(), want.data(), got.size() * sizeof(double));
}

/// The same with MPI_DOUBLE_INT, whose elements have a gap (12 bytes of data, extent 16): the
/// gaps of the receive buffer must keep their sentinel bytes.
bool or_trick_with_gaps(const Algorithm& a, int count, int root, MPI_Comm comm) {
  struct DoubleInt {
    double d;
    int i;
  };
  int rank = 0, p = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  std::vector<DoubleInt> mine(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) mine[std::size_t(k)] = {-0.5 * k - rank, rank * 100 + k};
  std::vector<DoubleInt> got(static_cast<std::size_t>(p * count)), want;
  std::memset(static_cast<void*>(got.data()), 0xA5, got.size() * sizeof(DoubleInt));
  want = got;
  int rc = 0, rc_native = 0;
  if (a.collective == Collective::allgather) {
    rc = a.allgather(mine.data(), count, MPI_DOUBLE_INT, got.data(), count, MPI_DOUBLE_INT, comm);
    rc_native =
        MPI_Allgather(mine.data(), count, MPI_DOUBLE_INT, want.data(), count, MPI_DOUBLE_INT, comm);
  } else {
    rc =
        a.rooted(mine.data(), count, MPI_DOUBLE_INT, got.data(), count, MPI_DOUBLE_INT, root, comm);
    rc_native = MPI_Gather(mine.data(), count, MPI_DOUBLE_INT, want.data(), count, MPI_DOUBLE_INT,
                           root, comm);
  }
  return rc == MPI_SUCCESS && rc_native == MPI_SUCCESS &&
         same_bytes(got.data(), want.data(), got.size() * sizeof(DoubleInt));
}

/// How often the op below saw a zero: the padding must hold the user's values, never zeros.
/// Every algorithm's argument check (contract.hpp, check_reducible) applies the op once to one
/// zeroed element before any message, so one such call per rank is the check's, not padding's.
int zero_calls = 0;

/// Multiplication modulo the prime 997 (associative, and never zero on 1 … 996), refusing zeros
/// as a user's op that divides would.
void no_zeros(void* in, void* inout, int* len, MPI_Datatype*) {
  const int* x = static_cast<const int*>(in);
  int* y = static_cast<int*>(inout);
  bool zero = false;
  for (int i = 0; i < *len; ++i) {
    zero = zero || x[i] == 0 || y[i] == 0;
    y[i] = (x[i] * y[i]) % 997;
  }
  if (zero) ++zero_calls;
}

} // namespace

TEST_CASE("GL3 and GL13 OR bytes: doubles of every kind and gapped types, bit for bit") {
  std::vector<MPI_Comm> comms = communicators();
  for (const char* name : {"gl3-allreduce", "gl13-reduce"}) {
    const Algorithm* a =
        find_algorithm(name[3] == '-' ? Collective::allgather : Collective::gather, name);
    REQUIRE(a != nullptr);
    for (MPI_Comm comm : comms) {
      int q = 0;
      MPI_Comm_size(comm, &q);
      for (int root : {0, q - 1})
        for (int count : {1, 7, 1000}) {
          INFO(name << " q=" << q << " root=" << root << " count=" << count);
          CHECK(all_ranks(or_trick_on_doubles(*a, count, root, comm), comm));
          CHECK(all_ranks(or_trick_with_gaps(*a, count, root, comm), comm));
        }
    }
  }
  release(comms);
}

TEST_CASE("GL6 and GL15 pad with the user's values: an op that refuses zeros sees none") {
  std::vector<MPI_Comm> comms = communicators();
  MPI_Op op = MPI_OP_NULL;
  MPI_Op_create(no_zeros, 1, &op);
  for (const char* name :
       {"gl6-reduce_scatter_block-allgather", "gl15-reduce_scatter_block-gather"}) {
    const bool all = name[2] == '6';
    const Algorithm* a = find_algorithm(all ? Collective::allreduce : Collective::reduce, name);
    REQUIRE(a != nullptr);
    for (MPI_Comm comm : comms) {
      int rank = 0, q = 0;
      MPI_Comm_rank(comm, &rank);
      MPI_Comm_size(comm, &q);
      for (int count : {1, 5, 1001}) { // none a multiple of 3, 4 or 7 but 1: padding everywhere
        std::vector<int> in(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) in[std::size_t(i)] = 1 + (rank * 31 + i * 7) % 996;
        std::vector<int> got(in.size(), -1), want = got;
        zero_calls = 0;
        const int rc = all ? a->allreduce(in.data(), got.data(), count, MPI_INT, op, comm)
                           : a->reduce(in.data(), got.data(), count, MPI_INT, op, q - 1, comm);
        const bool clean = zero_calls <= 1;
        const int rc_native =
            all ? MPI_Allreduce(in.data(), want.data(), count, MPI_INT, op, comm)
                : MPI_Reduce(in.data(), want.data(), count, MPI_INT, op, q - 1, comm);
        INFO(name << " q=" << q << " count=" << count << ": " << zero_calls << " calls on zeros");
        CHECK(all_ranks(clean, comm));
        CHECK(all_ranks(rc == MPI_SUCCESS && rc_native == MPI_SUCCESS && got == want, comm));
      }
    }
  }
  MPI_Op_free(&op);
  release(comms);
}

TEST_CASE("mock-ups of regular collectives: mixed types, padded and 4096-byte counts, all roots") {
  const TestTypes types;
  std::vector<MPI_Comm> comms = communicators();
  for (const Algorithm& a : algorithms()) {
    if (!a.mock_up() || a.reduces()) continue;
    for (MPI_Comm comm : comms) {
      int q = 0;
      MPI_Comm_size(comm, &q);
      for (int root = 0; root < (a.has_root() ? q : 1); ++root)
        for (int count : {1001, 1024}) {
          const Case c{&a, root, count, Types::mixed, false};
          INFO(c.describe(comm));
          CHECK(all_ranks(matches_native(c, types, comm), comm));
        }
    }
  }
  release(comms);
}
