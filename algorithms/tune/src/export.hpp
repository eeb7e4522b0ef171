// The MPI functions this library replaces: the only symbols it exports.
#pragma once

#define COLLSCOPE_TUNE_EXPORT extern "C" __attribute__((visibility("default")))
