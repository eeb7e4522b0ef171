#include "mpi_support.hpp"

namespace collscope::testing {

int world_size() {
  int p = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  return p;
}

bool all_ranks(bool ok, MPI_Comm comm) {
  int mine = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, comm);
  return all != 0;
}

std::string to_string(Types types) {
  switch (types) {
  case Types::ints:
    return "int";
  case Types::vectors:
    return "vector";
  case Types::mixed:
    return "vector→2×int";
  }
  return "?";
}

namespace {
// inout = in ∘ inout, with (a1, b1) ∘ (a2, b2) = (a1·a2, a1·b2 + b1) modulo 2^32.
void compose_affine(void* in, void* inout, int* len, MPI_Datatype*) {
  const auto* f = static_cast<const unsigned*>(in);
  auto* g = static_cast<unsigned*>(inout);
  for (int i = 0; i < *len; ++i, f += 2, g += 2) {
    const unsigned a = f[0] * g[0];
    const unsigned b = f[0] * g[1] + f[1];
    g[0] = a;
    g[1] = b;
  }
}
} // namespace

TestTypes::TestTypes() {
  MPI_Type_vector(2, 1, 2, MPI_INT, &vector_);
  MPI_Type_commit(&vector_);
  MPI_Type_contiguous(2, MPI_INT, &pair_);
  MPI_Type_commit(&pair_);
  MPI_Op_create(compose_affine, 0, &affine_);
}

TestTypes::~TestTypes() {
  MPI_Op_free(&affine_);
  MPI_Type_free(&pair_);
  MPI_Type_free(&vector_);
}

} // namespace collscope::testing
