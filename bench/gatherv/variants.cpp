#include "variants.hpp"

#include "collscope/algorithms/gatherv.hpp"
#include "collscope/algorithms/scatterv.hpp"

#include <algorithm>

namespace collscope::bench {

Instance::Instance(std::vector<int> counts, int root, MPI_Comm comm)
    : counts_(std::move(counts)), root_(root), comm_(comm) {
  MPI_Comm_rank(comm, &rank_);
  MPI_Comm_size(comm, &p_);
  displs_.resize(counts_.size());
  int next = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    displs_[i] = next;
    next += counts_[i];
  }
  padded_ = *std::max_element(counts_.begin(), counts_.end());
  own_.assign(static_cast<std::size_t>(std::max(counts_[rank_], 1)), rank_);
  all_.assign(static_cast<std::size_t>(std::max(rank_ == root_ ? next : 0, 1)), rank_);
  padded_own_.assign(static_cast<std::size_t>(std::max(padded_, 1)), rank_);
  padded_all_.assign(static_cast<std::size_t>(std::max(rank_ == root_ ? p_ * padded_ : 0, 1)),
                     rank_);
}

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
