#include "policy.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace collscope::grade {

namespace {

bool starts(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

/// The group of a symbol the submission calls, or empty.
std::string group_of_call(const std::string& name) {
  static const std::set<std::string> environment{"setenv", "unsetenv", "putenv", "clearenv",
                                                 "dlopen", "dlmopen",  "dlsym",  "dlvsym"};
  static const std::set<std::string> process{"system",
                                             "popen",
                                             "fork",
                                             "vfork",
                                             "clone",
                                             "clone3",
                                             "execl",
                                             "execle",
                                             "execlp",
                                             "execv",
                                             "execve",
                                             "execvp",
                                             "execvpe",
                                             "fexecve",
                                             "execveat",
                                             "posix_spawn",
                                             "posix_spawnp",
                                             "daemon",
                                             "setsid",
                                             "kill",
                                             "killpg",
                                             "tgkill",
                                             "tkill",
                                             "ptrace",
                                             "signal",
                                             "sigaction",
                                             "sigset",
                                             "bsd_signal",
                                             "sysv_signal",
                                             "prctl",
                                             "syscall",
                                             "shm_open",
                                             "shmget",
                                             "shmat",
                                             "memfd_create",
                                             "process_vm_readv",
                                             "process_vm_writev",
                                             "pthread_create"};
  static const std::set<std::string> network{"socket",         "socketpair",      "connect",
                                             "bind",           "listen",          "accept",
                                             "accept4",        "getaddrinfo",     "gethostbyname",
                                             "gethostbyname2", "gethostbyname_r", "gethostbyaddr"};
  static const std::set<std::string> one_sided{"MPI_Put",          "MPI_Get",
                                               "MPI_Accumulate",   "MPI_Get_accumulate",
                                               "MPI_Fetch_and_op", "MPI_Compare_and_swap",
                                               "MPI_Rput",         "MPI_Rget",
                                               "MPI_Raccumulate",  "MPI_Rget_accumulate"};
  static const std::set<std::string> communicators{
      "MPI_Comm_split",        "MPI_Comm_split_type",
      "MPI_Comm_dup",          "MPI_Comm_dup_with_info",
      "MPI_Comm_idup",         "MPI_Comm_create",
      "MPI_Comm_create_group", "MPI_Intercomm_create",
      "MPI_Intercomm_merge",   "MPI_Cart_create",
      "MPI_Cart_sub",          "MPI_Graph_create",
      "MPI_Dist_graph_create", "MPI_Dist_graph_create_adjacent",
      "MPI_Comm_spawn",        "MPI_Comm_spawn_multiple",
      "MPI_Comm_connect",      "MPI_Comm_accept",
      "MPI_Comm_join",         "MPI_Open_port"};
  if (starts(name, "PMPI_") || starts(name, "pmpi_")) return "pmpi";
  if (starts(name, "MPI_Win_") || one_sided.count(name)) return "one_sided";
  if (communicators.count(name)) return "communicators";
  if (environment.count(name)) return "environment";
  if (process.count(name)) return "process";
  if (network.count(name)) return "network";
  // The harness's internals (namespace collscope::grade, the shim's C functions).
  if (starts(name, "_ZN9collscope") || starts(name, "_ZNK9collscope") || starts(name, "collscope_"))
    return "interposition";
  return {};
}

/// Whether defining `name` replaces something the grader relies on.
bool interposes(const std::string& name) {
  static const std::set<std::string> allocator{
      "malloc",        "free",     "calloc", "realloc", "reallocarray",      "posix_memalign",
      "aligned_alloc", "memalign", "valloc", "pvalloc", "malloc_usable_size"};
  return starts(name, "MPI_") || starts(name, "PMPI_") || allocator.count(name) != 0 ||
         starts(name, "_Znw") || starts(name, "_Zna") || starts(name, "_Zdl") ||
         starts(name, "_Zda") || starts(name, "_ZN9collscope");
}

/// "operator new" and friends by their source names; C names stay as they are.
std::string shown(const std::string& name) {
  if (starts(name, "_Znw")) return "operator new";
  if (starts(name, "_Zna")) return "operator new[]";
  if (starts(name, "_Zdl")) return "operator delete";
  if (starts(name, "_Zda")) return "operator delete[]";
  if (starts(name, "_ZN9collscope") || starts(name, "_ZNK9collscope"))
    return "collscope::… (the harness's internals)";
  return name;
}

/// Relocation targets in `objdump -r` output, by section.
std::map<std::string, std::vector<std::string>> relocations(const std::string& text) {
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream in(text);
  std::string line, section;
  while (std::getline(in, line)) {
    if (starts(line, "RELOCATION RECORDS FOR [")) {
      section = line.substr(24, line.find(']') - 24);
      continue;
    }
    std::istringstream fields(line);
    std::string offset, type, value;
    if (section.empty() || !(fields >> offset >> type >> value) || offset == "OFFSET") continue;
    out[section].push_back(value.substr(0, value.find_first_of("+-", 1)));
  }
  return out;
}

/// What a static initializer may refer to: the standard streams' own initialization that
/// `#include <iostream>` emits, and its storage.
bool harmless_initializer_target(const std::string& target) {
  return starts(target, "_ZNSt8ios_base4Init") || target == "__cxa_atexit" ||
         target == "__dso_handle" || target == "_ZStL8__ioinit" || starts(target, ".bss") ||
         target == ".text.startup" || starts(target, "_GLOBAL__sub_I_");
}

} // namespace

const std::vector<PolicyGroup>& policy_groups() {
  static const std::vector<PolicyGroup> groups{
      {"pmpi",
       "calls through MPI's profiling interface (PMPI_…) are invisible to the trace "
       "and to the synchronous-send check",
       {"no_collectives", "sync_send", "trace"}},
      {"one_sided",
       "one-sided communication (windows, MPI_Put/MPI_Get…) moves data without "
       "messages",
       {"no_collectives", "trace"}},
      {"communicators", "creating communicators is a collective operation", {"no_collectives"}},
      {"environment",
       "changing the environment or looking up symbols at run time can switch "
       "off the synchronous-send check",
       {"sync_send"}},
      {"process",
       "processes, signals, raw system calls and shared memory segments act outside "
       "the function",
       {}},
      {"network", "network calls are not part of a collective", {}},
      {"interposition",
       "defining MPI functions or the allocator, or calling the harness's own "
       "functions, replaces what checks the submission",
       {"correct", "no_collectives", "sync_send", "trace", "heap"}},
      {"static_constructors",
       "code that runs before or after main() (global objects with "
       "constructors, constructor attributes) runs outside the graded "
       "call",
       {}},
  };
  return groups;
}

const PolicyGroup* policy_group(const std::string& id) {
  for (const PolicyGroup& g : policy_groups())
    if (g.id == id) return &g;
  return nullptr;
}

std::vector<PolicyFinding> check_symbols(const std::string& nm_posix,
                                         const std::string& objdump_relocations,
                                         const std::vector<std::string>& allow) {
  const std::set<std::string> allowed(allow.begin(), allow.end());
  std::vector<PolicyFinding> found;
  std::set<std::pair<std::string, std::string>> seen;
  const auto add = [&](const std::string& group, const std::string& symbol) {
    if (allowed.count(group) || allowed.count(symbol)) return;
    if (seen.insert({group, symbol}).second) found.push_back({group, symbol});
  };
  std::istringstream in(nm_posix);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name, type;
    if (!(fields >> name >> type) || type.size() != 1) continue;
    // Versioned references (memcpy@GLIBC_2.14) name the same function.
    name = name.substr(0, name.find('@'));
    if (type == "U" || type == "w") {
      if (const std::string g = group_of_call(name); !g.empty()) add(g, shown(name));
    } else if (std::isupper(static_cast<unsigned char>(type[0])) && interposes(name)) {
      add("interposition", shown(name) + " (defined)");
    }
  }
  for (const auto& [section, targets] : relocations(objdump_relocations)) {
    const bool init = starts(section, ".init_array") || starts(section, ".preinit_array") ||
                      starts(section, ".ctors") || starts(section, ".fini_array") ||
                      starts(section, ".dtors");
    if (!init && !starts(section, ".text.startup")) continue;
    for (const std::string& t : targets)
      if (!harmless_initializer_target(t))
        add("static_constructors",
            t == ".text" || starts(t, ".text.") ? "a constructor function" : shown(t));
  }
  return found;
}

bool threatens(const std::vector<PolicyFinding>& findings, const std::string& what) {
  return std::any_of(findings.begin(), findings.end(), [&](const PolicyFinding& f) {
    const PolicyGroup* g = policy_group(f.group);
    return g && std::find(g->threatens.begin(), g->threatens.end(), what) != g->threatens.end();
  });
}

std::vector<std::string> policy_lines(const std::vector<PolicyFinding>& findings) {
  std::vector<std::string> lines;
  for (const PolicyGroup& g : policy_groups()) {
    std::string symbols;
    int n = 0;
    for (const PolicyFinding& f : findings)
      if (f.group == g.id && n++ < 8) symbols += (symbols.empty() ? "" : ", ") + f.symbol;
    if (n == 0) continue;
    if (n > 8) symbols += " and " + std::to_string(n - 8) + " more";
    lines.push_back(symbols + " — " + g.what + " [" + g.id + "]");
  }
  return lines;
}

} // namespace collscope::grade
