// Open-addressing map from an MPI handle (a pointer in Open MPI) to what the tracer knows
// about it: pending requests until Wait/Test completes them, matched messages until Mrecv.
// Linear probing with backward-shift deletion, so there are no tombstones and no
// allocation per entry; the table only grows (doubling) while more handles are pending.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace collscope::rec {

/// The map's key for an MPI handle: a pointer in Open MPI, an int in MPICH (never 0 there:
/// MPICH's handles carry their kind in the high bits).
template <class Handle> std::uintptr_t handle_key(Handle handle) {
  if constexpr (std::is_pointer_v<Handle>)
    return reinterpret_cast<std::uintptr_t>(handle);
  else
    return static_cast<std::uintptr_t>(static_cast<std::make_unsigned_t<Handle>>(handle));
}

template <class Value> class HandleMap {
public:
  HandleMap() : slots_(64) {}

  /// Inserts or replaces; key 0 is not a handle and is ignored.
  void put(std::uintptr_t key, const Value& value) {
    if (key == 0) return;
    if (2 * (used_ + 1) > slots_.size()) rehash(2 * slots_.size());
    std::size_t i = home(key);
    while (slots_[i].key != 0 && slots_[i].key != key) i = (i + 1) & mask();
    if (slots_[i].key == 0) ++used_;
    slots_[i] = {key, value};
  }

  /// Inserts beside any entries the key already has: a library may hand one handle to several
  /// requests at once (Open MPI gives every small MPI_Isend that completes at once the same
  /// completed request). take() returns a key's entries oldest first.
  void add(std::uintptr_t key, const Value& value) {
    if (key == 0) return;
    if (2 * (used_ + 1) > slots_.size()) rehash(2 * slots_.size());
    std::size_t i = home(key);
    while (slots_[i].key != 0) i = (i + 1) & mask();
    ++used_;
    slots_[i] = {key, value};
  }

  /// Removes key (its oldest entry) and returns its value through out; false if absent.
  bool take(std::uintptr_t key, Value& out) {
    if (key == 0 || used_ == 0) return false;
    std::size_t i = home(key);
    while (slots_[i].key != key) {
      if (slots_[i].key == 0) return false;
      i = (i + 1) & mask();
    }
    out = slots_[i].value;
    erase_at(i);
    return true;
  }

  std::size_t size() const { return used_; }

private:
  struct Slot {
    std::uintptr_t key = 0;
    Value value{};
  };

  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t home(std::uintptr_t key) const {
    const int bits = std::countr_zero(slots_.size());
    return static_cast<std::size_t>((static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ull) >>
                                    (64 - bits));
  }

  void erase_at(std::size_t hole) {
    for (std::size_t j = (hole + 1) & mask(); slots_[j].key != 0; j = (j + 1) & mask()) {
      const std::size_t h = home(slots_[j].key);
      // Slot j may move into the hole unless its home lies cyclically in (hole, j].
      const bool stays = hole <= j ? (h > hole && h <= j) : (h > hole || h <= j);
      if (!stays) {
        slots_[hole] = slots_[j];
        hole = j;
      }
    }
    slots_[hole].key = 0;
    --used_;
  }

  // Entries of one key keep their order: they are re-added in probe order (linear probing
  // and backward-shift deletion never swap two entries of the same key).
  void rehash(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    used_ = 0;
    // Start the walk at an empty slot, so a cluster wrapping around the end is read in order.
    std::size_t start = 0;
    while (start < old.size() && old[start].key != 0) ++start;
    for (std::size_t n = 0; n < old.size(); ++n) {
      const Slot& s = old[(start + n) % old.size()];
      if (s.key != 0) add(s.key, s.value);
    }
  }

  std::vector<Slot> slots_;
  std::size_t used_ = 0;
};

} // namespace collscope::rec
