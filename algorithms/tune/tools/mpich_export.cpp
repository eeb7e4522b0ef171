#include "mpich_export.hpp"

#include <nlohmann/json.hpp>
#include <set>

namespace collscope::profiles {

namespace {

using json = nlohmann::ordered_json;

/// MPICH's measure of a call (csel.c get_avg_msgsize / get_total_msgsize) against the tune
/// library's bytes; none: no size test (gather's and scatter's total counts elements).
enum class Measure { avg_same, total_same, total_times_p, none };

struct Mpich {
  Collective collective;
  std::string_view name;  ///< "Reduce_scatter_block": MPIR_<name>_intra_<algorithm>
  std::string_view intra; ///< the unrestricted fallback
  std::string_view inter; ///< "" for scan and exscan (no intercommunicator form)
  Measure measure;
};

constexpr Mpich collectives[] = {
    {Collective::barrier, "Barrier", "k_dissemination", "bcast", Measure::none},
    {Collective::bcast, "Bcast", "binomial", "remote_send_local_bcast", Measure::avg_same},
    {Collective::gather, "Gather", "binomial", "linear", Measure::none},
    {Collective::gatherv, "Gatherv", "", "linear", Measure::none},
    {Collective::scatter, "Scatter", "binomial", "linear", Measure::none},
    {Collective::scatterv, "Scatterv", "", "linear", Measure::none},
    {Collective::allgather, "Allgather", "brucks", "local_gather_remote_bcast",
     Measure::total_times_p},
    {Collective::allgatherv, "Allgatherv", "brucks", "remote_gather_local_bcast",
     Measure::total_same},
    {Collective::alltoall, "Alltoall", "", "pairwise_exchange", Measure::avg_same},
    {Collective::alltoallv, "Alltoallv", "", "pairwise_exchange", Measure::none},
    {Collective::reduce, "Reduce", "binomial", "local_reduce_remote_send", Measure::avg_same},
    {Collective::allreduce, "Allreduce", "recursive_doubling", "reduce_exchange_bcast",
     Measure::avg_same},
    {Collective::reduce_scatter, "Reduce_scatter", "recursive_doubling",
     "remote_reduce_local_scatter", Measure::total_same},
    {Collective::reduce_scatter_block, "Reduce_scatter_block", "recursive_doubling",
     "remote_reduce_local_scatter", Measure::total_times_p},
    {Collective::scan, "Scan", "recursive_doubling", "", Measure::none},
    {Collective::exscan, "Exscan", "recursive_doubling", "", Measure::none}};

struct Twin {
  Collective collective;
  std::string_view collscope, mpich;
  std::vector<std::string_view> restrictions; ///< coll_algorithms.txt's, in its words
  bool since_4_1 = false;                     ///< not in MPICH 4.0's library
};

const std::vector<Twin>& twins() {
  static const std::vector<Twin> list = {
      {Collective::bcast, "binomial", "binomial", {}},
      {Collective::bcast, "scatter-allgather", "scatter_recursive_doubling_allgather", {}},
      {Collective::bcast, "scatter-ring", "scatter_ring_allgather", {}},
      {Collective::reduce, "binomial", "binomial", {}},
      {Collective::reduce,
       "reduce-scatter-gather",
       "reduce_scatter_gather",
       {"size-ge-pof2", "builtin-op"}},
      {Collective::allreduce, "butterfly", "recursive_doubling", {}},
      {Collective::allreduce,
       "rabenseifner",
       "reduce_scatter_allgather",
       {"size-ge-pof2", "builtin-op"}},
      {Collective::allreduce, "ring", "ring", {"commutative"}, true},
      {Collective::allgather, "ring", "ring", {}},
      {Collective::allgather, "recursive-doubling", "recursive_doubling", {"power-of-two"}},
      {Collective::allgatherv, "ring", "ring", {}},
      {Collective::alltoall, "bruck", "brucks", {"noinplace"}},
      {Collective::alltoall, "direct", "pairwise", {"noinplace"}},
      {Collective::reduce_scatter, "halving", "recursive_halving", {"commutative"}},
      {Collective::reduce_scatter_block, "halving", "recursive_halving", {"commutative"}},
      {Collective::gather, "binomial", "binomial", {}},
      {Collective::scatter, "binomial", "binomial", {}}};
  return list;
}

json leaf(const Mpich& m, std::string_view kind, std::string_view algorithm) {
  return json{{"algorithm=MPIR_" + std::string(m.name) + "_" + std::string(kind) + "_" +
                   std::string(algorithm),
               json::object()}};
}

/// `flag=any` behind a sibling naming one of the flag's values: MPICH 4.0 knows no `any` for
/// is_* flags, so the other value stands in.
std::string any_key(const std::string& key, MpichVersion v) {
  const std::string flag = key.substr(0, key.find_first_of("=<"));
  if (v != MpichVersion::v4_0 || !flag.starts_with("is_")) return flag + "=any";
  return flag + (key.ends_with("=yes") ? "=no" : "=yes");
}

/// The collective's algorithm for whatever no decision takes.
json fallback(const Mpich& m, MpichVersion v) {
  if (m.collective == Collective::gatherv || m.collective == Collective::scatterv)
    return leaf(m, "allcomm", "linear");
  if (m.collective == Collective::alltoall || m.collective == Collective::alltoallv)
    return json{{"is_sendbuf_inplace=yes", leaf(m, "intra", "pairwise_sendrecv_replace")},
                {any_key("is_sendbuf_inplace=yes", v), leaf(m, "intra", "scattered")}};
  if (m.collective == Collective::barrier && v == MpichVersion::v4_0)
    return leaf(m, "intra", "dissemination");
  json only = leaf(m, "intra", m.intra);
  if (m.collective == Collective::barrier) // MPICH's own tree gives the dissemination its k
    only.begin().value()["k=2"] = json::object();
  return only;
}

std::string fallback_name(const Mpich& m, MpichVersion v) {
  const json f = fallback(m, v);
  const std::string key = f.begin().key();
  return key.starts_with("algorithm=") ? key.substr(10) : "in-place-dependent fallback";
}

/// The twin behind tests for its restrictions, the fallback where one fails.
json restricted(const Mpich& m, const Twin& twin, MpichVersion v, std::size_t i = 0) {
  if (i == twin.restrictions.size()) return leaf(m, "intra", twin.mpich);
  const std::string_view r = twin.restrictions[i];
  const json rest = restricted(m, twin, v, i + 1);
  if (r == "size-ge-pof2") return json{{"count<pow2", fallback(m, v)}, {"count=any", rest}};
  const std::string key = r == "commutative"    ? "is_commutative=yes"
                          : r == "power-of-two" ? "comm_size=pow2"
                          : r == "builtin-op"   ? "is_op_built_in=yes"
                                                : "is_sendbuf_inplace=no";
  return json{{key, rest}, {any_key(key, v), fallback(m, v)}};
}

json choice_tree(const Mpich& m, const Decision* d, MpichVersion v, std::vector<std::string>& notes,
                 std::set<std::string>& noted) {
  if (d == nullptr || d->algorithm == "native") return fallback(m, v);
  std::string why = "not one of MPICH's algorithms";
  for (const Twin& t : twins())
    if (t.collective == m.collective && t.collscope == d->algorithm) {
      if (v != MpichVersion::v4_0 || !t.since_4_1) return restricted(m, t, v);
      why = "MPIR_" + std::string(m.name) + "_intra_" + std::string(t.mpich) +
            " is not in MPICH 4.0 (added in 4.1)";
    }
  const std::string n =
      describe(*d) + ": left out, " + why + "; those sizes get MPICH's " + fallback_name(m, v);
  if (noted.insert(n).second) notes.push_back(n);
  return fallback(m, v);
}

/// The size tests at `procs` (0: the process-independent decisions).
json sizes_at(const Mpich& m, const Decisions& all, int procs, MpichVersion v,
              std::vector<std::string>& notes, std::set<std::string>& noted) {
  std::vector<const Decision*> on;
  std::set<std::int64_t> starts{0};
  for (const Decision& d : all)
    if (d.procs == 0 || d.procs == procs) {
      on.push_back(&d);
      starts.insert(d.low);
      if (d.high != no_limit) starts.insert(d.high + 1);
    }
  const auto at = [&](std::int64_t s) -> const Decision* {
    for (const Decision* d : on)
      if (d->low <= s && s <= d->high) return d;
    return nullptr;
  };
  const bool scaled = m.measure == Measure::total_times_p;
  if (starts.size() == 1 || m.measure == Measure::none || (scaled && procs == 0)) {
    if (starts.size() > 1) {
      const std::string n = std::string(to_string(m.collective)) +
                            ": size ranges left out (MPICH has no size test for it, or it "
                            "measures all blocks: give --procs P); the first range's choice "
                            "for all sizes";
      if (noted.insert(n).second) notes.push_back(n);
    }
    return choice_tree(m, at(0), v, notes, noted);
  }
  const std::string key = m.measure == Measure::avg_same ? "avg_msg_size" : "total_msg_size";
  json tree = json::object();
  for (auto s = starts.begin(); s != starts.end(); ++s) {
    const auto next = std::next(s);
    const json choice = choice_tree(m, at(*s), v, notes, noted);
    if (next == starts.end()) {
      tree[key + "=any"] = choice;
    } else {
      const std::int64_t last = (*next - 1) * (scaled ? procs : 1);
      tree[key + "<=" + std::to_string(last)] = choice;
    }
  }
  return tree;
}

} // namespace

MpichExport export_mpich(const Decisions& decisions, int procs, MpichVersion v) {
  MpichExport out;
  std::set<std::string> noted;
  json tree = json::object();
  for (const Mpich& m : collectives) {
    Decisions mine;
    std::set<int> counts;
    for (const Decision& d : decisions)
      if (d.collective == m.collective) {
        if (procs > 0 && d.procs > 0 && d.procs != procs) {
          out.notes.push_back(describe(d) + ": left out, --procs " + std::to_string(procs));
          continue;
        }
        mine.push_back(d);
        if (d.procs > 0) counts.insert(d.procs);
      }
    if (procs > 0 && !mine.empty()) counts = {procs};
    const json any = procs > 0 ? fallback(m, v) : sizes_at(m, mine, 0, v, out.notes, noted);
    json intra = json::object();
    for (const int p : counts) {
      intra["comm_size<" + std::to_string(p)] = any;
      intra["comm_size<=" + std::to_string(p)] = sizes_at(m, mine, p, v, out.notes, noted);
    }
    intra["comm_size=any"] = any;
    json coll = json::object();
    coll["comm_type=intra"] = intra;
    if (!m.inter.empty())
      coll["comm_type=inter"] =
          m.collective == Collective::gatherv || m.collective == Collective::scatterv
              ? fallback(m, v)
              : leaf(m, "inter", m.inter);
    tree["collective=" + std::string(to_string(m.collective))] = coll;
  }
  out.json = tree.dump(2) + "\n";
  out.collectives = static_cast<int>(tree.size());
  for (const Decision& d : decisions) {
    bool known = false;
    for (const Mpich& m : collectives) known = known || m.collective == d.collective;
    if (!known)
      out.notes.push_back(describe(d) + ": left out, the file has no " +
                          std::string(to_string(d.collective)));
  }
  return out;
}

} // namespace collscope::profiles
