#include "run_case.hpp"

#include "block_map.hpp"
#include "buffers.hpp"
#include "collscope/annotate.hpp"
#include "collscope/grade/entry.hpp"
#include "log.hpp"
#include "provenance.hpp"
#include "watch.hpp"

#include <climits>
#include <cstring>

namespace collscope::grade {

namespace {

constexpr int detail_tag = 30711;
constexpr int detail_size = 600;
constexpr int map_size = 1000; ///< two block maps of about 400 characters each

/// Every wrong rank's block maps (got, expected), gathered on world rank 0; collective over
/// MPI_COMM_WORLD.
std::vector<Verdict::Map> gather_maps(const std::string& got, const std::string& expected) {
  int rank = 0, world = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &world);
  std::vector<char> mine(map_size, '\0');
  const std::string both = got.empty() ? std::string() : got + '\t' + expected;
  both.copy(mine.data(), map_size - 1);
  std::vector<char> all(rank == 0 ? static_cast<std::size_t>(world) * map_size : 0);
  PMPI_Gather(mine.data(), map_size, MPI_CHAR, all.data(), map_size, MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<Verdict::Map> maps;
  for (int r = 0; rank == 0 && r < world; ++r) {
    const std::string text(all.data() + static_cast<std::size_t>(r) * map_size);
    const std::size_t tab = text.find('\t');
    if (tab != std::string::npos) maps.push_back({r, text.substr(0, tab), text.substr(tab + 1)});
  }
  return maps;
}

std::string error_text(int code) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  if (PMPI_Error_string(code, text, &length) != MPI_SUCCESS) return "unknown error";
  return std::string(text, static_cast<std::size_t>(length));
}

/// The traced call: nothing but the submission runs inside the region and the watch. After it,
/// still inside the region, the receive buffer as the call left it goes into the trace as the
/// region's metadata `received` (its block map, as the reports print it), and `expected`
/// where that differs: the trace's messages say what was sent, these what landed where, so
/// the app's data view of a graded case can draw both.
int traced_call(Kind kind, const Case& c, Buffers& b, const Buffers& expected, int rank,
                const Datatypes& types, MPI_Comm comm, watch::Stats& stats) {
  const std::string region = std::string("algorithm ") + to_string(kind) + "/submission";
  trace::Region algorithm(region);
  trace::meta("case", c.id);
  trace::meta("p", c.p);
  if (has_root(kind)) trace::meta("root", c.root);
  trace::meta("count", c.count);
  trace::meta("datatype", mpi_name(c.dtype));
  trace::region_comm(static_cast<int>(MPI_Comm_c2f(comm)));
  if (takes_op(kind)) trace::meta("op", op_name(c.op));
  if (takes_problem(kind)) trace::meta("problem", to_string(c.op));
  watch::set_phase(1);
  watch::begin();
  provenance::start(kind, c);
  const int rc = call_submission(kind, c, b, types, comm);
  provenance::stop();
  stats = watch::end();
  watch::set_phase(2);
  if (trace::active()) {
    const std::string got = block_map(kind, c, rank, b.recv, b.recv_elements);
    if (!got.empty()) {
      trace::meta("received", got);
      const std::string want = block_map(kind, c, rank, expected.recv, expected.recv_elements);
      if (want != got) trace::meta("expected", want);
    }
  }
  return rc;
}

} // namespace

Verdict run_case(Kind kind, const Case& c, MPI_Comm comm, const Datatypes& types) {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::string mine, map_got, map_expected;
  int error = MPI_SUCCESS;
  watch::Stats stats;
  if (comm != MPI_COMM_NULL) {
    // A fresh communicator per case: a message one call leaves behind cannot be taken by
    // the next.
    MPI_Comm fresh = MPI_COMM_NULL;
    MPI_Comm_dup(comm, &fresh);
    Buffers expected = make_buffers(kind, c, rank);
    Buffers got = make_buffers(kind, c, rank);
    call_native(kind, c, expected, types, fresh);
    PMPI_Barrier(fresh);
    error = traced_call(kind, c, got, expected, rank, types, fresh, stats);
    if (error != MPI_SUCCESS)
      mine = std::string(submission.function) + " returned error code " + std::to_string(error) +
             " (" + error_text(error) + ")";
    else
      mine = first_difference(kind, c, got, expected);
    if (error == MPI_SUCCESS && !mine.empty() && got.recv != expected.recv) {
      map_got = block_map(kind, c, rank, got.recv, got.recv_elements);
      map_expected = block_map(kind, c, rank, expected.recv, expected.recv_elements);
    }
    MPI_Comm_free(&fresh);
  }

  const int failing = mine.empty() ? INT_MAX : rank;
  int lowest = INT_MAX;
  PMPI_Allreduce(&failing, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  int errors = error != MPI_SUCCESS ? 1 : 0, any_error = 0;
  PMPI_Allreduce(&errors, &any_error, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  struct {
    long value;
    int rank;
  } peak{static_cast<long>(stats.heap_peak), rank}, top{0, 0};
  PMPI_Allreduce(&peak, &top, 1, MPI_LONG_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  long long counters[2] = {stats.heap_live, stats.heap_overflow ? 1 : 0}, maxima[2] = {0, 0};
  PMPI_Allreduce(counters, maxima, 2, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  std::uint64_t banned = 0;
  PMPI_Allreduce(&stats.banned, &banned, 1, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD);

  Verdict v;
  v.outcome = lowest == INT_MAX ? "ok" : any_error ? "error" : "wrong";
  v.heap_peak = top.value;
  v.heap_peak_rank = top.rank;
  v.heap_live = maxima[0];
  v.heap_overflow = maxima[1] != 0;
  v.banned = banned;
  if (lowest == INT_MAX) return v;
  v.maps = gather_maps(map_got, map_expected);
  char text[detail_size] = {};
  std::strncpy(text, mine.c_str(), sizeof text - 1);
  if (lowest != 0 && rank == lowest)
    PMPI_Send(text, detail_size, MPI_CHAR, 0, detail_tag, MPI_COMM_WORLD);
  if (lowest != 0 && rank == 0)
    PMPI_Recv(text, detail_size, MPI_CHAR, lowest, detail_tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  v.detail = "rank " + std::to_string(lowest) + ", " + std::string(text);
  return v;
}

std::string log_line(const Case& c, const Verdict& v) {
  return "case\t" + std::to_string(c.id) + "\t" + v.outcome + "\t" + std::to_string(v.heap_peak) +
         "\t" + std::to_string(v.heap_peak_rank) + "\t" + std::to_string(v.heap_live) + "\t" +
         (v.heap_overflow ? "1" : "0") + "\t" + watch::banned_list(v.banned) + "\t" +
         one_line(v.detail);
}

std::vector<std::string> map_lines(const Case& c, const Verdict& v) {
  std::vector<std::string> lines;
  for (const Verdict::Map& m : v.maps)
    lines.push_back("map\t" + std::to_string(c.id) + "\t" + std::to_string(m.rank) + "\t" +
                    one_line(m.got) + "\t" + one_line(m.expected));
  return lines;
}

} // namespace collscope::grade
