// auto for one MPI call: its key (size, element size, op, data) read from MPI's arguments, the
// pick from the process's cache, and the α-β every rank uses (rank 0's network file).
#pragma once

#include "auto_pick.hpp"
#include "route.hpp"

#include <string>

namespace collscope::tune {

/// α and β for auto: world rank 0 reads the network file as collscope-run does
/// (collscope/network_file.hpp: $COLLSCOPE_NETWORK, else collscope-calibrate's default file,
/// else the defaults) and broadcasts them, so that every rank chooses alike even where the
/// ranks' files differ. Collective over MPI_COMM_WORLD: called at MPI_Init by every rank when
/// the configuration uses auto. A file that cannot be read is named by rank 0; the defaults
/// are used.
void load_network();

/// "α = 3.000e-06 s, β = 1.000e-09 s/B (network file F)" or "(defaults: no network file)".
const std::string& network_text();

/// Where auto sends the call: `setting` is the auto choice (its floats=ok), p the
/// communicator's size. The library when it is an intercommunicator or nothing fits (counted).
Way by_auto(const Call& call, const Choice& setting, int p);

} // namespace collscope::tune
