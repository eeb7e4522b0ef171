#include "variants.hpp"

#include "collscope/algorithms/gatherv.hpp"
#include "collscope/algorithms/scatterv.hpp"

#include <algorithm>

namespace collscope::bench {

Payload::Payload(std::size_t ints, int fill) {
#if defined(COLLSCOPE_SMPI)
  (void)fill;
  data_ = static_cast<int*>(SMPI_SHARED_MALLOC(std::max<std::size_t>(ints, 1) * sizeof(int)));
#else
  storage_.assign(std::max<std::size_t>(ints, 1), fill);
  data_ = storage_.data();
#endif
}

Payload::~Payload() {
#if defined(COLLSCOPE_SMPI)
  SMPI_SHARED_FREE(data_);
#endif
}

namespace {

int rank_of(MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

int size_of(MPI_Comm comm) {
  int p = 0;
  MPI_Comm_size(comm, &p);
  return p;
}

std::vector<int> offsets(const std::vector<int>& counts) {
  std::vector<int> displs(counts.size());
  int next = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    displs[i] = next;
    next += counts[i];
  }
  return displs;
}

} // namespace

Instance::Instance(std::vector<int> counts, int root, MPI_Comm comm)
    : counts_(std::move(counts)), displs_(offsets(counts_)), root_(root), rank_(rank_of(comm)),
      p_(size_of(comm)), padded_(*std::max_element(counts_.begin(), counts_.end())), comm_(comm),
      own_(static_cast<std::size_t>(counts_[rank_]), rank_),
      all_(rank_ == root_ ? static_cast<std::size_t>(displs_.back() + counts_.back()) : 0, rank_),
      padded_own_(static_cast<std::size_t>(padded_), rank_),
      padded_all_(rank_ == root_ ? static_cast<std::size_t>(p_) * padded_ : 0, rank_) {}

std::vector<Variant> Instance::variants(bool scatter) {
  using IA = schedule::IrregularAlgorithm;
  int* own = own_.data();
  int* all = all_.data();
  const int* counts = counts_.data();
  const int* displs = displs_.data();
  const int mine = counts_[rank_], root = root_;
  const MPI_Comm comm = comm_;
  // The largest block, as GL2's application would find it: every rank knows only its own.
  const auto agree = [this, mine] {
    return MPI_Allreduce(&mine, &max_, 1, MPI_INT, MPI_MAX, comm_);
  };
  const auto regular = [this, scatter] {
    return scatter ? MPI_Scatter(padded_all_.data(), padded_, MPI_INT, padded_own_.data(), padded_,
                                 MPI_INT, root_, comm_)
                   : MPI_Gather(padded_own_.data(), padded_, MPI_INT, padded_all_.data(), padded_,
                                MPI_INT, root_, comm_);
  };
  std::vector<Variant> v;
  const std::string coll = scatter ? "MPI_Scatter" : "MPI_Gather";
  v.push_back({coll + " (padded)", Role::regular, regular, std::nullopt});
  v.push_back({"MPI_Allreduce + " + coll + " (GL2)", Role::guideline,
               [agree, regular] {
                 const int rc = agree();
                 return rc != MPI_SUCCESS ? rc : regular();
               },
               std::nullopt});
  if (!scatter) {
    const auto gv = [=](const char* name, Role role, auto fn, std::optional<IA> model) {
      return Variant{
          name, role,
          [=] { return fn(own, mine, MPI_INT, all, counts, displs, MPI_INT, root, comm); }, model};
    };
    v.push_back(gv("MPI_Gatherv (native)", Role::native, MPI_Gatherv, std::nullopt));
    v.push_back(gv("linear", Role::ours, gatherv_linear, IA::linear));
    v.push_back(gv("binomial", Role::ours, gatherv_binomial, IA::binomial));
    v.push_back(gv("traff", Role::ours, gatherv_traff, IA::traff));
    v.push_back(gv("traff-degrade", Role::ours, gatherv_traff_degrade, IA::traff_degrade));
    return v;
  }
  const auto sv = [=](const char* name, Role role, auto fn, std::optional<IA> model) {
    return Variant{name, role,
                   [=] { return fn(all, counts, displs, MPI_INT, own, mine, MPI_INT, root, comm); },
                   model};
  };
  v.push_back(sv("MPI_Scatterv (native)", Role::native, MPI_Scatterv, std::nullopt));
  v.push_back(sv("linear", Role::ours, scatterv_linear, IA::linear));
  v.push_back(sv("binomial", Role::ours, scatterv_binomial, IA::binomial));
  v.push_back(sv("traff", Role::ours, scatterv_traff, IA::traff));
  v.push_back(sv("traff-degrade", Role::ours, scatterv_traff_degrade, IA::traff_degrade));
  return v;
}

} // namespace collscope::bench
