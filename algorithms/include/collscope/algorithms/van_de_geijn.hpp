// The lecture's Van de Geijn family (seeds/001, "The “Van de Geijn” implementations"): linear-
// array (chain) scatter and gather, recursive-doubling allgather, broadcast = scatter +
// allgather and reduce = reduce-scatter + gather. Each is declared in its collective's
// header; this one includes them all (it declared them before).
#pragma once

#include "collscope/algorithms/allgather.hpp"
#include "collscope/algorithms/bcast.hpp"
#include "collscope/algorithms/gather.hpp"
#include "collscope/algorithms/reduce.hpp"
#include "collscope/algorithms/scatter.hpp"
