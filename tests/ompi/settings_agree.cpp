// The two ways collscope reads Open MPI 4.1's coll settings (ompi_tuned/src/mpit.cpp) give the
// same Settings: the MCA variable registry (fast, what the recorder uses) and MPI_T control
// variables. Run under mpirun with OMPI_MCA_* set; rank 0 prints every field that differs.
// Exit 0 when they agree and the registry was reached, 1 otherwise.
#include "collscope/ompi/mpit.hpp"

#include <cstdio>
#include <mpi.h>
#include <optional>
#include <string>

namespace {

using collscope::ompi::Settings;

int compare(const Settings& fast, const Settings& slow) {
  int differences = 0;
  const auto field = [&](const std::string& name, long long a, long long b) {
    if (a == b) return;
    std::printf("differs: %s: registry %lld, MPI_T %lld\n", name.c_str(), a, b);
    ++differences;
  };
  field("library", static_cast<long long>(fast.library), static_cast<long long>(slow.library));
  field("dynamic_rules", fast.dynamic_rules, slow.dynamic_rules);
  field("knomial_radix", fast.knomial_radix, slow.knomial_radix);
  for (std::size_t c = 0; c < fast.forced.size(); ++c) {
    const std::string coll(collscope::ompi::to_string(collscope::ompi::Coll(c + 1)));
    field(coll + ".algorithm", fast.forced[c].algorithm, slow.forced[c].algorithm);
    field(coll + ".segsize", fast.forced[c].segsize, slow.forced[c].segsize);
    field(coll + ".tree_fanout", fast.forced[c].tree_fanout, slow.forced[c].tree_fanout);
    field(coll + ".chain_fanout", fast.forced[c].chain_fanout, slow.forced[c].chain_fanout);
  }
  return differences;
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::optional<Settings> fast = collscope::ompi::read_settings_from_registry();
  const Settings slow = collscope::ompi::read_settings_through_mpi_t();
  int status = 0;
  if (rank == 0) {
    if (!fast) {
      std::printf("FAIL: Open MPI's MCA variable registry was not reached (%s)\n",
                  collscope::ompi::library_version().c_str());
      status = 1;
    } else {
      const int differences = compare(*fast, slow);
      const auto& bcast = slow.forced[static_cast<std::size_t>(collscope::ompi::Coll::bcast) - 1];
      std::printf("%s: library %d, dynamic rules %d, bcast forced %d segsize %d\n",
                  differences == 0 ? "agree" : "FAIL", static_cast<int>(slow.library),
                  slow.dynamic_rules ? 1 : 0, bcast.algorithm, bcast.segsize);
      status = differences == 0 ? 0 : 1;
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
