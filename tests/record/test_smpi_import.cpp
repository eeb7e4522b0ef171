// SimGrid's Paje trace of SMPI's internals read back into messages (paje_links.hpp), and
// SMPI 3.32's mpich allreduce decision reproduced (library_algorithm.hpp).
#include "smpi/library_algorithm.hpp"
#include "smpi/paje_links.hpp"
#include "smpi/request_events.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <otf2/OTF2_Events.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

using namespace collscope::rec::smpi;

namespace {

// The header SimGrid 3.32 writes (only the events read here), as in a real file.
const char* header = R"(%EventDef PajeCreateContainer 6
%       Time date
%       Alias string
%       Type string
%       Container string
%       Name string
%EndEventDef
%EventDef PajeStartLink 15
%       Time date
%       Type string
%       Container string
%       Value string
%       StartContainer string
%       Key string
%       Size int
%EndEventDef
%EventDef PajeEndLink 16
%       Time date
%       Type string
%       Container string
%       Value string
%       EndContainer string
%       Key string
%EndEventDef
6 0.000000000 1 1 0 "rank-0"
6 0.000000000 2 1 0 "rank-1"
6 0.000000000 3 1 0 "rank-2"
)";

std::string write(const std::string& body) {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("collscope-paje-" + std::to_string(getpid()) + ".trace"))
                         .string();
  std::ofstream(path) << body;
  return path;
}

} // namespace

TEST_CASE("Paje links become messages: ranks from the containers, tag from the key, size, times") {
  const std::string path = write(std::string(header) +
                                 "15 0.000001000 3 0 PTP 1 1_2_-556_1 4000\n"
                                 "16 0.000002800 3 0 PTP 2 1_2_-556_1\n"
                                 // an end written before its start (same time)
                                 "16 0.000003000 3 0 PTP 1 3_1_7_2\n"
                                 "15 0.000003000 3 0 PTP 3 3_1_7_2 8\n"
                                 // a send never received
                                 "15 0.000004000 3 0 PTP 2 2_3_-10_3 1\n");
  const PajeLinks links = read_paje_links(path);
  std::filesystem::remove(path);
  REQUIRE(links.messages.size() == 2);
  CHECK(links.unmatched == 1);
  const InternalMessage& a = links.messages[0];
  CHECK(a.sender == 0);
  CHECK(a.receiver == 1);
  CHECK(a.tag == -556);
  CHECK(a.bytes == 4000);
  CHECK(a.sent_ns == 1000);
  CHECK(a.received_ns == 2800);
  const InternalMessage& b = links.messages[1];
  CHECK(b.sender == 2);
  CHECK(b.receiver == 0);
  CHECK(b.tag == 7);
  CHECK(b.sent_ns == 3000);
  CHECK(b.received_ns == 3000);
}

TEST_CASE("A Paje file without links between ranks, or without sizes, is refused") {
  const std::string empty = write(header);
  CHECK_THROWS_AS(read_paje_links(empty), std::runtime_error);
  std::filesystem::remove(empty);
  std::string no_size = header;
  no_size.replace(no_size.find("%       Size int\n"), 17, "");
  const std::string path = write(no_size + "15 0.000001000 3 0 PTP 1 1_2_-556_1\n");
  CHECK_THROWS_AS(read_paje_links(path), std::runtime_error);
  std::filesystem::remove(path);
  CHECK_THROWS_AS(read_paje_links("/nonexistent/smpi.paje"), std::runtime_error);
}

TEST_CASE("mpich allreduce: two-level with rdb between hosts, and nothing else guessed") {
  NativeCall call;
  call.collective = OTF2_COLLECTIVE_OP_ALLREDUCE;
  call.bytes = 4000;
  call.reduction = 1; // MPI_SUM
  for (std::uint32_t p : {2u, 12u, 64u, 1024u}) {
    call.comm_size = call.hosts = p;
    CHECK(library_algorithm("mpich", call) == "mpich: mvapich2_two_level (rdb between " +
                                                  std::to_string(p) + " hosts, one rank each)");
  }
  call.comm_size = 16;
  call.hosts = 4;
  CHECK(library_algorithm("mpich", call) ==
        "mpich: mvapich2_two_level (mpich within hosts, rdb between 4 hosts)");
  call.hosts = 1;
  CHECK(library_algorithm("mpich", call) == "mpich: mvapich2_two_level (within one host)");
  call.hosts = 0;
  CHECK(library_algorithm("mpich", call) == "mpich: mvapich2_two_level");
  call.hosts = 16;
  call.reduction = 15; // user-defined: commutativity not recorded
  CHECK(library_algorithm("mpich", call).empty());
  call.reduction = 1;
  CHECK(library_algorithm("ompi", call).empty());
  call.collective = OTF2_COLLECTIVE_OP_BCAST;
  CHECK(library_algorithm("mpich", call).empty());
  call.collective = OTF2_COLLECTIVE_OP_ALLREDUCE;
  call.comm_size = call.hosts = 1;
  CHECK(library_algorithm("mpich", call).empty());
}

TEST_CASE("A library's messages: postings, then completions, receives posted after what came before") {
  using collscope::rec::Event;
  using collscope::rec::Kind;
  const auto kinds = [](const std::vector<Event>& events) {
    std::vector<Kind> out;
    for (const Event& e : events) out.push_back(e.kind);
    return out;
  };
  // Round k: send posted at 10, the partner's message completes at 28; round k+1 at 28.
  std::vector<LibraryMessage> exchange(4);
  exchange[0] = {true, 10, 28, 0, 1, 5, 8};
  exchange[1] = {false, 0, 28, 0, 1, 5, 8};
  exchange[2] = {true, 28, 46, 0, 2, 5, 8};
  exchange[3] = {false, 0, 46, 0, 2, 5, 8};
  std::uint64_t next = 0;
  const std::vector<Event> a = request_events(exchange, 10, next);
  CHECK(next == 4);
  CHECK(kinds(a) == std::vector<Kind>{Kind::Isend, Kind::IrecvRequest, Kind::IsendComplete,
                                       Kind::Irecv, Kind::Isend, Kind::IrecvRequest,
                                       Kind::IsendComplete, Kind::Irecv});
  std::vector<std::uint64_t> times;
  for (const Event& e : a) times.push_back(e.time);
  CHECK(times == std::vector<std::uint64_t>{10, 10, 28, 28, 28, 28, 46, 46});
  CHECK((a[0].request & library_requests) == library_requests);
  CHECK(a[0].request == a[2].request); // Isend and its completion
  CHECK(a[1].request == a[3].request); // IrecvRequest and its Irecv
  CHECK(a[3].peer == 1);
  CHECK(a[3].bytes == 8);
  // A send and, much later, the reply to it: nothing is posted or received between them on the
  // rank, so the receive counts as posted with the send (as Isend, Irecv, Waitall would be).
  std::vector<LibraryMessage> reply(2);
  reply[0] = {true, 10, 28, 0, 1, 5, 8};
  reply[1] = {false, 0, 90, 0, 1, 5, 8};
  const std::vector<Event> b = request_events(reply, 10, next);
  CHECK(kinds(b) ==
        std::vector<Kind>{Kind::Isend, Kind::IrecvRequest, Kind::IsendComplete, Kind::Irecv});
  CHECK(b.back().time == 90);
}
