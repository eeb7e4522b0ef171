// MPI_T control variables (mpit.hpp) and the settings that decide coll tuned's algorithm.
// Which component serves an intracommunicator of p ≥ 2 (Open MPI 4.1.4, ompi_info --all):
// tuned at priority 30; han, adapt and sm at 0 unless raised; basic and libnbc at 10 (basic
// loses to tuned; libnbc has nonblocking collectives only); self (75) takes p = 1 only, inter
// (40) intercommunicators only, sync (50) only with coll_sync_barrier_before/after set, and
// monitoring wraps whatever was chosen. So the decision is coll tuned's unless it is missing,
// or a component that takes the blocking collectives of intracommunicators outranks it.
#include "collscope/ompi/mpit.hpp"

#include <dlfcn.h>
#include <mpi.h>
#include <utility>
#include <vector>

namespace collscope::ompi {

namespace {

#if defined(OPEN_MPI)
/// The thread level to initialise MPI_T at: the one the program got. Open MPI 4.1's first
/// MPI_T_init_thread (the one that finds MPI_T not yet initialised) sets the process's thread
/// level to `required` (ompi_mpi_thread_level), so MPI_THREAD_SINGLE here turned a program's
/// MPI_THREAD_MULTIPLE into SINGLE (MPI_Query_thread said so, and the library dropped its
/// locks). Before MPI_Init any level will do: MPI_Init sets the level afterwards.
int current_thread_level() {
  int initialized = 0, finalized = 0;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  int level = MPI_THREAD_SINGLE;
  if (initialized != 0 && finalized == 0) PMPI_Query_thread(&level);
  return level;
}

/// MPI_T stays initialised for the duration of one use (it nests with the program's own).
class Tool {
public:
  Tool() {
    int provided = 0;
    ok_ = MPI_T_init_thread(current_thread_level(), &provided) == MPI_SUCCESS;
  }
  ~Tool() {
    if (ok_) MPI_T_finalize();
  }
  Tool(const Tool&) = delete;
  Tool& operator=(const Tool&) = delete;
  bool ok() const { return ok_; }

private:
  bool ok_ = false;
};

struct Cvar {
  MPI_T_cvar_handle handle = nullptr;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  int count = 0;
  bool open(const std::string& name) {
    int index = 0;
    if (MPI_T_cvar_get_index(name.c_str(), &index) != MPI_SUCCESS) return false;
    char text[256];
    int name_len = sizeof text, desc_len = 0, verbosity = 0, bind = 0, scope = 0;
    MPI_T_enum enumtype = nullptr;
    if (MPI_T_cvar_get_info(index, text, &name_len, &verbosity, &type, &enumtype, nullptr,
                            &desc_len, &bind, &scope) != MPI_SUCCESS)
      return false;
    return MPI_T_cvar_handle_alloc(index, nullptr, &handle, &count) == MPI_SUCCESS;
  }
  ~Cvar() {
    if (handle != nullptr) MPI_T_cvar_handle_free(&handle);
  }
};
#endif

} // namespace

std::string library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int length = 0;
  if (MPI_Get_library_version(text, &length) != MPI_SUCCESS) return "";
  std::string version(text, static_cast<std::size_t>(length > 0 ? length : 0));
  if (const auto end = version.find_first_of("\r\n"); end != std::string::npos) version.resize(end);
  while (!version.empty() && version.back() == '\0') version.pop_back();
  return version;
}

bool is_open_mpi_41(std::string_view version) {
  return version.starts_with("Open MPI v4.1.");
}

bool is_open_mpi_4(std::string_view version) {
  return version.starts_with("Open MPI v4.");
}

namespace {

// Both read with MPI_T already initialised: a whole MPI_T_init_thread/MPI_T_finalize per
// variable cost Open MPI 4.1.4 about 0.2 s here, and read_settings reads some sixty.
[[maybe_unused]] std::optional<long long> int_cvar(const std::string& name) {
#if defined(OPEN_MPI)
  Cvar cvar;
  if (!cvar.open(name) || cvar.count != 1) return std::nullopt;
  alignas(8) unsigned char buffer[64] = {};
  if (MPI_T_cvar_read(cvar.handle, buffer) != MPI_SUCCESS) return std::nullopt;
  if (cvar.type == MPI_INT) return *reinterpret_cast<int*>(buffer);
  if (cvar.type == MPI_UNSIGNED) return *reinterpret_cast<unsigned*>(buffer);
  if (cvar.type == MPI_LONG || cvar.type == MPI_LONG_LONG)
    return *reinterpret_cast<long long*>(buffer);
  if (cvar.type == MPI_UNSIGNED_LONG || cvar.type == MPI_UNSIGNED_LONG_LONG)
    return static_cast<long long>(*reinterpret_cast<unsigned long long*>(buffer));
  if (cvar.type == MPI_C_BOOL) return *reinterpret_cast<bool*>(buffer) ? 1 : 0;
  return std::nullopt;
#else
  (void)name;
  return std::nullopt;
#endif
}

[[maybe_unused]] std::optional<std::string> string_cvar(const std::string& name) {
#if defined(OPEN_MPI)
  Cvar cvar;
  if (!cvar.open(name) || cvar.type != MPI_CHAR) return std::nullopt;
  std::vector<char> buffer(static_cast<std::size_t>(cvar.count > 0 ? cvar.count : 0) + 1, '\0');
  if (MPI_T_cvar_read(cvar.handle, buffer.data()) != MPI_SUCCESS) return std::nullopt;
  return std::string(buffer.data());
#else
  (void)name;
  return std::nullopt;
#endif
}

} // namespace

std::optional<long long> read_int(const std::string& name) {
#if defined(OPEN_MPI)
  Tool tool;
  return tool.ok() ? int_cvar(name) : std::nullopt;
#else
  (void)name;
  return std::nullopt;
#endif
}

std::optional<std::string> read_string(const std::string& name) {
#if defined(OPEN_MPI)
  Tool tool;
  return tool.ok() ? string_cvar(name) : std::nullopt;
#else
  (void)name;
  return std::nullopt;
#endif
}

bool write_int(const std::string& name, int value) {
#if defined(OPEN_MPI)
  Tool tool;
  Cvar cvar;
  if (!tool.ok() || !cvar.open(name) || cvar.type != MPI_INT || cvar.count != 1) return false;
  return MPI_T_cvar_write(cvar.handle, &value) == MPI_SUCCESS;
#else
  (void)name;
  (void)value;
  return false;
#endif
}

namespace {

/// Reads the settings through `ints(name)` and `strings(name)` (MPI_T or the MCA registry).
template <class Ints, class Strings> Settings settings_from(Ints ints, Strings strings) {
  Settings s;
  const std::optional<long long> tuned = ints("coll_tuned_priority");
  s.library = Unknown::not_tuned;
  if (!tuned || *tuned <= 0) return s;
  for (const char* rival : {"han", "adapt", "sm", "hcoll", "ucc", "fca", "portals4", "cuda"})
    if (const auto priority = ints("coll_" + std::string(rival) + "_priority");
        priority && *priority >= *tuned)
      return s;
  s.library = Unknown::none;
  s.dynamic_rules = ints("coll_tuned_use_dynamic_rules").value_or(0) != 0;
  if (s.dynamic_rules && !strings("coll_tuned_dynamic_rules_filename").value_or("").empty())
    s.library = Unknown::rules_file;
  s.knomial_radix = static_cast<int>(ints("coll_tuned_bcast_algorithm_knomial_radix").value_or(4));
  for (int c = 1; c <= coll_count; ++c) {
    const std::string base = "coll_tuned_" + std::string(to_string(Coll(c))) + "_algorithm";
    Forced& f = s.forced[static_cast<std::size_t>(c) - 1];
    f.algorithm = static_cast<int>(ints(base).value_or(0));
    f.segsize = static_cast<int>(ints(base + "_segmentsize").value_or(0));
    f.tree_fanout = static_cast<int>(ints(base + "_tree_fanout").value_or(4));
    f.chain_fanout = static_cast<int>(ints(base + "_chain_fanout").value_or(4));
  }
  return s;
}

#if defined(OPEN_MPI)
/// Open MPI 4.1's MCA variable registry (opal/mca/base/mca_base_var.h), reached through the
/// two functions libopen-pal exports for it. MPI_T_init_thread in 4.1 registers every
/// component of every framework first (ompi_info_register_framework_params), which cost a
/// traced run 0.35 s of its 1.1 s at p = 8; the registry answers in microseconds once MPI_Init
/// has registered the coll components. The variables read here have fixed types in 4.1
/// (priority, algorithm and its parameters: int; use_dynamic_rules: bool; the rules file
/// name: char*); tests/ompi checks every one against MPI_T under forced settings.
class Registry {
public:
  Registry()
      : find_(reinterpret_cast<Find>(dlsym(RTLD_DEFAULT, "mca_base_var_find_by_name"))),
        get_(reinterpret_cast<Get>(dlsym(RTLD_DEFAULT, "mca_base_var_get_value"))) {}
  bool ok() const { return find_ != nullptr && get_ != nullptr; }
  std::optional<long long> integer(const std::string& name) const {
    const void* storage = value(name);
    if (storage == nullptr) return std::nullopt;
    if (name.ends_with("_use_dynamic_rules")) return *static_cast<const bool*>(storage) ? 1 : 0;
    return *static_cast<const int*>(storage);
  }
  std::optional<std::string> string(const std::string& name) const {
    const void* storage = value(name);
    if (storage == nullptr) return std::nullopt;
    const char* text = *static_cast<const char* const*>(storage);
    return std::string(text != nullptr ? text : "");
  }

private:
  using Find = int (*)(const char*, int*);
  using Get = int (*)(int, const void*, void*, const char**);
  const void* value(const std::string& name) const {
    int index = -1;
    if (find_(name.c_str(), &index) != 0 || index < 0) return nullptr;
    void* storage = nullptr;
    if (get_(index, static_cast<const void*>(&storage), nullptr, nullptr) != 0) return nullptr;
    return storage;
  }
  Find find_;
  Get get_;
};

bool in_mpi() {
  int initialized = 0, finalized = 0;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  return initialized != 0 && finalized == 0;
}
#endif

} // namespace

Settings read_settings_through_mpi_t() {
  if (!is_open_mpi_41(library_version())) return {}; // library = not_open_mpi_41
#if defined(OPEN_MPI)
  Tool tool;
  if (!tool.ok()) return {};
  return settings_from([](const std::string& name) { return int_cvar(name); },
                       [](const std::string& name) { return string_cvar(name); });
#else
  return {};
#endif
}

std::optional<Settings> read_settings_from_registry() {
  if (!is_open_mpi_41(library_version())) return std::nullopt;
#if defined(OPEN_MPI)
  const Registry registry;
  if (!registry.ok() || !in_mpi()) return std::nullopt;
  return settings_from([&](const std::string& name) { return registry.integer(name); },
                       [&](const std::string& name) { return registry.string(name); });
#else
  return std::nullopt;
#endif
}

Settings read_settings() {
  if (std::optional<Settings> fast = read_settings_from_registry()) return *std::move(fast);
  return read_settings_through_mpi_t();
}

} // namespace collscope::ompi
