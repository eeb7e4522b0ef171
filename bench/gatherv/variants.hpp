// What the benchmark compares for one problem instance (seeds/000 §5): for the gather side
// the padded MPI_Gather, guideline GL2's right-hand side (MPI_Allreduce of the largest block,
// then the padded MPI_Gather), Open MPI's MPI_Gatherv and collscope's gatherv algorithms; the
// same for scatter. Every variant is one callable doing one complete operation.
#pragma once

#include "collscope/schedule/irregular_cost.hpp"

#include <functional>
#include <mpi.h>
#include <optional>
#include <string>
#include <vector>

namespace collscope::bench {

enum class Role {
  regular,   ///< padded MPI_Gather / MPI_Scatter: GL1's left side
  guideline, ///< MPI_Allreduce + padded regular collective: GL2's right side
  native,    ///< MPI_Gatherv / MPI_Scatterv: the ratios' reference
  ours       ///< a collscope algorithm
};

struct Variant {
  std::string name;
  Role role;
  std::function<int()> call;
  /// The α-β model's schedule, for collscope's algorithms.
  std::optional<schedule::IrregularAlgorithm> model;
};

/// An MPI_INT buffer whose contents nobody reads (the benchmark does not verify). Under
/// SimGrid SMPI it is SMPI_SHARED_MALLOC'd: every rank's buffer maps the same few physical
/// pages and SMPI copies no payload into or out of it, so b = 10⁵ at p = 1024 (400 MB at the
/// root, padded rows up to 5× that) neither fills memory nor spends the wall time on memcpy.
/// Simulated times do not depend on contents.
class Payload {
public:
  explicit Payload(std::size_t ints, int fill);
  ~Payload();
  Payload(const Payload&) = delete;
  Payload& operator=(const Payload&) = delete;
  int* data() { return data_; }

private:
  int* data_ = nullptr;
#if !defined(COLLSCOPE_SMPI)
  std::vector<int> storage_;
#endif
};

/// Buffers of one instance on one rank: MPI_INT blocks of `counts`, packed at the root.
class Instance {
public:
  Instance(std::vector<int> counts, int root, MPI_Comm comm);
  /// Gather variants (scatter = false) or scatter variants.
  std::vector<Variant> variants(bool scatter);

  const std::vector<int>& counts() const { return counts_; }

private:
  std::vector<int> counts_, displs_;
  int root_, rank_, p_, padded_;
  MPI_Comm comm_;
  Payload own_, all_, padded_own_, padded_all_;
  int max_ = 0;
};

} // namespace collscope::bench
