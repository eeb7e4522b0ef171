#include "otf2_errors.hpp"

#include <cstdarg>
#include <cstdio>
#include <mutex>

namespace collscope::model::detail {

namespace {

std::mutex capture_mutex;
std::string last_message;

OTF2_ErrorCode capture(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code,
                       const char* format, va_list args) {
  char buffer[512] = {};
  if (format != nullptr) std::vsnprintf(buffer, sizeof buffer, format, args);
  last_message = buffer;
  if (last_message.empty()) last_message = OTF2_Error_GetDescription(code);
  return code;
}

} // namespace

Otf2ErrorCapture::Otf2ErrorCapture() {
  capture_mutex.lock();
  last_message.clear();
  previous_ = OTF2_Error_RegisterCallback(capture, nullptr);
}

Otf2ErrorCapture::~Otf2ErrorCapture() {
  OTF2_Error_RegisterCallback(previous_, nullptr);
  capture_mutex.unlock();
}

std::string Otf2ErrorCapture::last() {
  return last_message;
}

void check(OTF2_ErrorCode code, const std::string& what) {
  if (code == OTF2_SUCCESS) return;
  std::string detail = Otf2ErrorCapture::last();
  if (detail.empty()) detail = OTF2_Error_GetDescription(code);
  throw CorruptTrace(what + ": " + detail);
}

} // namespace collscope::model::detail
