// Which algorithm Open MPI ran for a blocking native collective (algorithm_choice.hpp).
// Open MPI measures the message differently per collective (coll_tuned_decision_fixed.c);
// the rank's own sent and received bytes give each measure: bcast, reduce and allreduce the
// vector; allgather and alltoall one rank's block (sent, or sent / p); gather and scatter the
// block (the root's received or sent / p, elsewhere its own); allgatherv the average block;
// reduce_scatter the whole vector (sent); reduce_scatter_block one block (received).
// Under a rules file (coll_tuned_dynamic_rules_filename), the recorder reads the file Open MPI
// read, with its parser (collscope/ompi/rules_file.hpp), and says which line decided the call.
#include "ompi/algorithm_choice.hpp"

#include "collscope/ompi/mpit.hpp"
#include "collscope/ompi/rules_file.hpp"
#include "recorder.hpp"

#include <algorithm>
#include <optional>

namespace collscope::rec {

namespace {

ompi::Settings settings; // until read: "not Open MPI 4.1", so nothing is claimed

using ompi::Coll;

std::optional<Coll> coll_of(MpiRegion region) {
  switch (region) {
  case MpiRegion::Barrier:
    return Coll::barrier;
  case MpiRegion::Bcast:
    return Coll::bcast;
  case MpiRegion::Gather:
    return Coll::gather;
  case MpiRegion::Scatter:
    return Coll::scatter;
  case MpiRegion::Allgather:
    return Coll::allgather;
  case MpiRegion::Allgatherv:
    return Coll::allgatherv;
  case MpiRegion::Alltoall:
    return Coll::alltoall;
  case MpiRegion::Alltoallv:
    return Coll::alltoallv;
  case MpiRegion::Reduce:
    return Coll::reduce;
  case MpiRegion::Allreduce:
    return Coll::allreduce;
  case MpiRegion::Reduce_scatter:
    return Coll::reduce_scatter;
  case MpiRegion::Reduce_scatter_block:
    return Coll::reduce_scatter_block;
  default:
    return std::nullopt;
  }
}

std::uint64_t message_bytes(Coll coll, int p, std::uint64_t sent, std::uint64_t received) {
  const auto n = static_cast<std::uint64_t>(std::max(p, 1));
  switch (coll) {
  case Coll::bcast:
    return std::max(sent, received);
  case Coll::alltoall:
    return sent / n;
  case Coll::gather:
    return received > 0 ? received / n : sent;
  case Coll::scatter:
    return sent > received ? sent / n : received;
  case Coll::allgatherv:
    return received / n;
  case Coll::reduce_scatter_block:
    return received;
  default:
    return sent; // reduce, allreduce, allgather, reduce_scatter; barrier, alltoallv: unused
  }
}

} // namespace

void ompi_choice_nonblocking(Event& begin) {
  const ompi::Unknown why = settings.library == ompi::Unknown::not_open_mpi_41
                                ? settings.library
                                : ompi::Unknown::nonblocking;
  begin.peer = ompi::pack({.source = ompi::Source::unknown, .why = why});
  begin.bytes = 0;
  begin.request = 0;
}

namespace {

void read_settings_and_rules() {
  settings = ompi::read_settings();
  // read_settings says "a rules file is in force"; which one, and what Open MPI read in it.
  if (settings.library == ompi::Unknown::rules_file) {
    const std::optional<std::string> path =
        ompi::read_string("coll_tuned_dynamic_rules_filename");
    if (path && !path->empty()) {
      settings.rules = std::make_shared<const ompi::RulesInForce>(ompi::load_rules(*path));
      settings.library = ompi::Unknown::none;
    }
  }
}

void choose_into(Event& begin, MpiRegion region, const CommInfo& comm, const CallSize& size) {
  const std::optional<Coll> coll = coll_of(region);
  ompi::Choice choice;
  if (!coll) {
    choice = {.source = ompi::Source::unknown, .why = ompi::Unknown::not_decided};
    if (settings.library != ompi::Unknown::none) choice.why = settings.library;
  } else if (comm.inter) {
    choice = {
        .source = ompi::Source::unknown, .coll = *coll, .why = ompi::Unknown::intercommunicator};
  } else {
    choice =
        ompi::choose(*coll, comm.size, message_bytes(*coll, comm.size, size.sent, size.received),
                     size.commutative, settings, size.elements);
  }
  begin.peer = ompi::pack(choice);
  begin.bytes = choice.segment;
  begin.request = choice.fanout;
  // The note (which rules file line, or why none) is a string: its local id + 1 in comm.
  begin.comm = 0;
  if (!choice.note.empty()) {
    try {
      const std::uint32_t before = state.strings.size();
      begin.comm = state.strings.intern(choice.note) + 1;
      if (state.strings.size() != before) note_definitions();
    } catch (...) {
      lose("ran out of memory for its strings");
    }
  }
}

} // namespace

void ompi_settings_read() {
  try {
    read_settings_and_rules();
  } catch (...) { // inside MPI_Init's wrapper: nothing may reach the program
    settings = {};
    settings.library = ompi::Unknown::not_decided;
  }
}

void ompi_choice(Event& begin, MpiRegion region, const CommInfo& comm, const CallSize& size) {
  try {
    choose_into(begin, region, comm, size);
  } catch (...) { // inside a wrapped collective: never let it reach the program
    begin.peer = ompi::pack({.source = ompi::Source::unknown, .why = ompi::Unknown::not_decided});
    begin.bytes = 0;
    begin.request = 0;
    begin.comm = 0;
  }
}

} // namespace collscope::rec
