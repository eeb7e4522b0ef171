#include "call_option.hpp"

#include <string>

namespace collscope::trace_cli {

void add_call_option(CLI::App& sub, CallOption& option) {
  const auto add = [&](const std::string& flag, const char* type, const char* help) {
    sub.add_option_function<std::vector<std::string>>(
           flag,
           [&option, flag](const std::vector<std::string>& values) {
             for (const std::string& value : values) {
               if (!option.selector.empty())
                 throw UsageError("choose one call: --call N or --region NAME, once (got " + flag +
                                  " " + value + " and " +
                                  (option.by_region ? "--region " : "--call ") + option.selector +
                                  ")");
               if (value.empty()) throw UsageError(flag + " needs a value");
               option.selector = value;
               option.by_region = flag == "--region";
             }
           },
           help)
        ->type_name(type)
        ->expected(1)
        ->take_all()
        ->allow_extra_args(false);
  };
  add("--call", "N", "the call of that index in `calls` (its own trace: times and rounds from 0)");
  add("--region", "NAME", "the region of that name (collscope_trace_region_begin/end)");
}

} // namespace collscope::trace_cli
