// OTF2 calls return error codes; the archive writer turns a failed one into an exception that
// write_archive() reports as one line.
#pragma once

#include <otf2/otf2.h>
#include <stdexcept>
#include <string>

namespace collscope::rec {

inline void check(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS)
    throw std::runtime_error(std::string{"OTF2 "} + what + " failed: " + OTF2_Error_GetName(code) +
                             " (" + OTF2_Error_GetDescription(code) + ")");
}

} // namespace collscope::rec
