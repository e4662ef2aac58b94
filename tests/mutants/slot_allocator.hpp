// tests/mutants/slot_allocator.hpp - known-bad slot allocators, and correct ones built like them:
// grants, releases and request tables gotten wrong. Three groups:
//  - `flawed_allocator<flaw>`: one small constexpr allocator with one decision made wrong,
//    rejected by the scenarios of kvc::suites::slot_allocator_scenarios
//    (static_checks/stateful_models.cpp proves which scenarios each fails) and by
//    kvc::check_slot_allocator;
//  - allocators as engines write them (holdings in a std::map), a correct one of any integer
//    parameters and the mutants engines have shipped;
//  - a hostile review's allocators, written to slip through.
// tests/slot_allocator_conformance.cpp proves each mutant rejected by kvc::check (the scenarios)
// and by kvc::check_slot_allocator / kvc::explore (generated sequences), and the correct ones
// accepted. Test material: not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace kvc::mutants::slot_allocator {

// --- One small constexpr allocator, each flaw a wrong decision the scenarios reject --------------

/// The one wrong decision of a `flawed_allocator`.
enum class allocator_flaw : unsigned char {
  none,                        ///< no flaw: the correct allocator the others are variations of
  partial_grant,               ///< grants what is free of a larger request
  refuses_exact_fit,           ///< refuses a request of exactly the free slots
  grants_nothing_asked,        ///< grants a request of 0 slots
  overwrite_instead_of_add,    ///< a request's second reservation replaces its first
  release_lost,                ///< a release forgets the request but frees no slot
  double_release_frees_again,  ///< a second release of a request frees its slots again
  unknown_release_frees,       ///< a release of an unknown request frees the first request's slots
  refusal_records_request,     ///< a refused request is recorded as holding what it asked
  ids_truncated_to_32_bits,    ///< requests told apart by their low 32 bits
  grants_one_over_free,        ///< grants a request of one slot more than is free
  ids_truncated_to_8_bits,     ///< requests told apart by their low 8 bits
  zero_is_no_request,          ///< request 0 means "none": granted without taking slots
  release_keeps_holding,       ///< a release frees the slots but keeps the holding's count
  holds_one_less,              ///< a grant takes n slots but records n - 1 held
  refusal_adds_to_holding,     ///< a refused reservation of a known request adds to its holding
  refusal_records_nothing_held,  ///< a refused request is recorded, holding 0 slots
};

/// A slot allocator for at most `MaxRequests` requests holding slots at once, correct but for its
/// flaw. 4 are enough for every scenario; `roomy<Allocator>`, as many as
/// kvc::model::slot_allocator holds, is enough for every sequence kvc::check_slot_allocator
/// generates, so that its check sees the flaw alone.
template <std::size_t MaxRequests = 4>
class scenario_allocator {
 public:
  /// An allocator of `capacity` slots, none reserved, with `flaw`.
  constexpr scenario_allocator(std::size_t capacity, allocator_flaw flaw) noexcept
      : flaw_(flaw), capacity_(static_cast<std::int64_t>(capacity)) {}

  /// Reserves `n` more slots for `request`: all of them and true, or none and false.
  constexpr bool try_reserve(std::uint64_t request, std::size_t n) noexcept {
    const std::uint64_t id = key(request);
    std::size_t at = find(id);
    const auto asked = static_cast<std::int64_t>(n);
    std::int64_t granted = asked;
    if (flaw_ == allocator_flaw::zero_is_no_request)
      if (request == 0) return n > 0;
    const bool fits = flaw_ == allocator_flaw::refuses_exact_fit      ? asked < available()
                      : flaw_ == allocator_flaw::grants_one_over_free ? asked <= available() + 1
                                                                      : asked <= available();
    if (!fits) {
      if (flaw_ == allocator_flaw::partial_grant) {
        granted = available();
      } else {
        if (flaw_ == allocator_flaw::refusal_records_request)
          if (at == size_ && size_ < max_requests) holdings_[size_++] = holding{id, asked};
        if (flaw_ == allocator_flaw::refusal_records_nothing_held)
          if (at == size_ && size_ < max_requests) holdings_[size_++] = holding{id, 0};
        if (flaw_ == allocator_flaw::refusal_adds_to_holding)
          if (at != size_) holdings_[at].slots += asked;
        return false;
      }
    }
    if (granted <= 0 && flaw_ != allocator_flaw::grants_nothing_asked) return false;
    if (at == size_) {
      if (size_ == max_requests) return false;
      holdings_[size_++] = holding{id, 0};
    }
    holdings_[at].released = false;
    if (flaw_ == allocator_flaw::overwrite_instead_of_add)
      holdings_[at].slots = granted;
    else if (flaw_ == allocator_flaw::holds_one_less)
      holdings_[at].slots += granted - 1;
    else
      holdings_[at].slots += granted;
    used_ += granted;
    return true;
  }

  /// Frees every slot `request` holds and returns how many that was.
  constexpr std::int64_t release(std::uint64_t request) noexcept {
    std::size_t at = find(key(request));
    if (at == size_) {
      if (flaw_ != allocator_flaw::unknown_release_frees || size_ == 0) return 0;
      at = 0;  // a lookup that answers "the first slot" on a miss
    }
    if (holdings_[at].released) return 0;
    const std::int64_t freed = holdings_[at].slots;
    if (flaw_ != allocator_flaw::release_lost) used_ -= freed;
    if (flaw_ == allocator_flaw::release_keeps_holding)
      holdings_[at].released = true;  // the count stays, and a later grant adds to it
    else if (flaw_ != allocator_flaw::double_release_frees_again)
      holdings_[at] = holdings_[--size_];
    return freed;
  }

  /// The slots that can still be reserved.
  [[nodiscard]] constexpr std::int64_t available() const noexcept { return capacity_ - used_; }

 private:
  static constexpr std::size_t max_requests = MaxRequests;

  struct holding {
    std::uint64_t id = 0;
    std::int64_t slots = 0;
    bool released = false;  // set only by release_keeps_holding
  };

  [[nodiscard]] constexpr std::uint64_t key(std::uint64_t request) const noexcept {
    if (flaw_ == allocator_flaw::ids_truncated_to_32_bits)
      return static_cast<std::uint32_t>(request);
    else if (flaw_ == allocator_flaw::ids_truncated_to_8_bits)
      return static_cast<std::uint8_t>(request);
    else
      return request;
  }

  [[nodiscard]] constexpr std::size_t find(std::uint64_t id) const noexcept {
    for (std::size_t i = 0; i < size_; ++i)
      if (holdings_[i].id == id) return i;
    return size_;
  }

  allocator_flaw flaw_;
  std::int64_t capacity_ = 0;
  std::int64_t used_ = 0;
  std::array<holding, max_requests> holdings_{};
  std::size_t size_ = 0;
};

/// `scenario_allocator` with `Flaw`, as a type of its own (a constexpr factory of it is an empty
/// class).
template <allocator_flaw Flaw, std::size_t MaxRequests = 4>
class flawed_allocator : public scenario_allocator<MaxRequests> {
 public:
  /// The wrong decision.
  static constexpr allocator_flaw flaw = Flaw;
  /// An allocator of `capacity` slots, none reserved.
  constexpr explicit flawed_allocator(std::size_t capacity) noexcept
      : scenario_allocator<MaxRequests>(capacity, Flaw) {}
};

/// A correct allocator built like the mutants: the scenarios accept it, so each mutant's
/// rejection is its flaw's doing.
using correct = flawed_allocator<allocator_flaw::none>;
/// Grants the free slots of a request that asks for more: a request runs short of KV mid-decode.
using partial_grant = flawed_allocator<allocator_flaw::partial_grant>;
/// Compares with `<` where `<=` is meant: the last free slots are never granted.
using refuses_exact_fit = flawed_allocator<allocator_flaw::refuses_exact_fit>;
/// Grants a request of 0 slots, which then holds nothing but counts as admitted.
using grants_nothing_asked = flawed_allocator<allocator_flaw::grants_nothing_asked>;
/// Records a request's latest reservation instead of the sum: a release frees too few slots.
using overwrite_instead_of_add = flawed_allocator<allocator_flaw::overwrite_instead_of_add>;
/// A release drops the request's record without returning its slots: capacity leaks.
using release_lost = flawed_allocator<allocator_flaw::release_lost>;
/// Keeps the request's record after a release, so a second release frees its slots again.
using double_release_frees_again = flawed_allocator<allocator_flaw::double_release_frees_again>;
/// A release of a request that holds nothing frees the first recorded request's slots.
using unknown_release_frees = flawed_allocator<allocator_flaw::unknown_release_frees>;
/// Records a request before the budget refuses it, with the slots it asked: releasing it frees
/// slots it never held.
using refusal_records_request = flawed_allocator<allocator_flaw::refusal_records_request>;
/// A request table of 32-bit ids: requests 2^32 apart are one request.
using ids_truncated_to_32_bits = flawed_allocator<allocator_flaw::ids_truncated_to_32_bits>;

/// Compares with `<=` against one more than is free: the budget is overdrawn by a slot.
using grants_one_over_free = flawed_allocator<allocator_flaw::grants_one_over_free>;
/// Requests told apart by their low 8 bits (a bucket index taken for the id).
using ids_truncated_to_8_bits = flawed_allocator<allocator_flaw::ids_truncated_to_8_bits>;
/// Request 0 taken for "no request": its reservations succeed and take nothing.
using zero_is_no_request = flawed_allocator<allocator_flaw::zero_is_no_request>;
/// A release frees the slots but keeps the holding's count: the request's next grant adds to the
/// stale count, and its next release frees both.
using release_keeps_holding = flawed_allocator<allocator_flaw::release_keeps_holding>;
/// A grant takes n slots from the budget but records n - 1: each release leaks a slot.
using holds_one_less = flawed_allocator<allocator_flaw::holds_one_less>;
/// A refused reservation of a request that already holds slots still adds to its holding: its
/// release frees slots it never held.
using refusal_adds_to_holding = flawed_allocator<allocator_flaw::refusal_adds_to_holding>;
/// A refused request is recorded as holding nothing. No scenario rejects it, and none should: it
/// observes like a correct allocator until its fixed request table fills.
using refusal_records_nothing_held = flawed_allocator<allocator_flaw::refusal_records_nothing_held>;

/// `Allocator` (a `flawed_allocator`) with room for 64 requests.
template <class Allocator>
using roomy = flawed_allocator<Allocator::flaw, 64>;

/// A factory of `Allocator`, as the scenario suite and kvc::check_slot_allocator take it:
/// `kvc::verify(suite, factory<Allocator>)`.
template <class Allocator>
inline constexpr auto factory = [](std::size_t capacity) { return Allocator(capacity); };

/// A factory of the scenario allocators with `flaw` (`Roomy`: for 64 requests): one factory type,
/// so that each check's adapter is compiled once for every flaw.
template <bool Roomy>
struct scenario_allocator_factory {
  allocator_flaw flaw = allocator_flaw::none;
  constexpr auto operator()(std::size_t capacity) const noexcept {
    if constexpr (Roomy)
      return scenario_allocator<64>(capacity, flaw);
    else
      return scenario_allocator<>(capacity, flaw);
  }
};

// --- Allocators as engines write them, for kvc::check_slot_allocator: a correct one of any
// integer parameters, and mutants with the bugs engines have shipped ------------------------------

/// A correct allocator with `Request` ids and `Count` slot counts, holdings in a std::map.
template <class Request, class Count>
class map_allocator {
 public:
  using count_type = Count;
  explicit map_allocator(Count capacity) : free_(capacity) {}
  bool try_reserve(Request request, Count n) {
    if (!(n > Count{0}) || n > free_) return false;
    free_ -= n;
    held_[request] += n;
    return true;
  }
  Count release(Request request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    const Count freed = found->second;
    free_ += freed;
    held_.erase(found);
    return freed;
  }
  Count available() const { return free_; }

 protected:
  Count free_;
  std::map<Request, Count> held_;
};

/// Grants what is left when a request does not fit: min(n, available).
class partial_grant_allocator : public map_allocator<std::uint64_t, std::size_t> {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    const std::size_t granted = std::min(n, free_);
    if (granted == 0) return false;
    free_ -= granted;
    held_[request] += granted;
    return true;
  }
};

/// Frees a request's slots but keeps its holding: a second release frees them again.
class double_release_allocator : public map_allocator<std::uint64_t, std::size_t> {
 public:
  using map_allocator::map_allocator;
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    free_ += found->second;  // wrong: the holding is not erased or zeroed
    return found->second;
  }
};

/// Holdings in a vector sorted by request; release binary-searches without checking that it found
/// the request, so an unknown request frees the next request's slots.
class unknown_release_allocator {
 public:
  using count_type = std::size_t;
  explicit unknown_release_allocator(std::size_t capacity) : free_(capacity) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n > free_) return false;
    free_ -= n;
    const auto at = std::lower_bound(held_.begin(), held_.end(), request,
                                     [](const holding& h, std::uint64_t r) { return h.first < r; });
    if (at != held_.end() && at->first == request)
      at->second += n;
    else
      held_.insert(at, {request, n});
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto at = std::lower_bound(held_.begin(), held_.end(), request,
                                     [](const holding& h, std::uint64_t r) { return h.first < r; });
    if (at == held_.end()) return 0;  // wrong: at->first may be another request
    const std::size_t freed = at->second;
    free_ += freed;
    held_.erase(at);
    return freed;
  }
  std::size_t available() const { return free_; }

 private:
  using holding = std::pair<std::uint64_t, std::size_t>;
  std::size_t free_;
  std::vector<holding> held_;
};

/// A second reservation by the same request replaces its holding instead of adding to it.
class overwriting_allocator : public map_allocator<std::uint64_t, std::size_t> {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n > free_) return false;
    free_ -= n;
    held_[request] = n;  // wrong: += n
    return true;
  }
};

// --- A hostile review's allocators: each wrong under the contract, written to slip through -------

using base_allocator = map_allocator<std::uint64_t, std::size_t>;

/// Grants n == available() + 1: `<=` where `<` was meant, on a signed count.
class edge_off_by_one_allocator {
 public:
  using count_type = std::size_t;
  explicit edge_off_by_one_allocator(std::size_t capacity)
      : free_(static_cast<std::int64_t>(capacity)) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    const auto want = static_cast<std::int64_t>(n);
    if (want <= 0 || want > free_ + 1) return false;
    free_ -= want;
    held_[request] += want;
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    free_ += found->second;
    const auto freed = static_cast<std::size_t>(found->second);
    held_.erase(found);
    return freed;
  }
  std::int64_t available() const { return free_; }

 private:
  std::int64_t free_;
  std::map<std::uint64_t, std::int64_t> held_;
};

/// `used` kept in 8 bits, to pack it beside a flag: it wraps past 255 slots.
class uint8_used_allocator {
 public:
  using count_type = std::size_t;
  explicit uint8_used_allocator(std::size_t capacity) : capacity_(capacity) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n == 0 || n > available()) return false;
    used_ = static_cast<std::uint8_t>(used_ + n);
    held_[request] += n;
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    const std::size_t freed = found->second;
    used_ = static_cast<std::uint8_t>(used_ - freed);
    held_.erase(found);
    return freed;
  }
  std::size_t available() const { return capacity_ - used_; }

 private:
  std::size_t capacity_;
  std::uint8_t used_ = 0;
  std::map<std::uint64_t, std::size_t> held_;
};

/// Holdings keyed by the request id narrowed to `Id` (a 32-bit id "is plenty").
template <class Id>
class narrowed_id_allocator : public map_allocator<Id, std::size_t> {
  using base = map_allocator<Id, std::size_t>;

 public:
  using base::base;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    return base::try_reserve(static_cast<Id>(request), n);
  }
  std::size_t release(std::uint64_t request) { return base::release(static_cast<Id>(request)); }
};
using uint32_id_allocator = narrowed_id_allocator<std::uint32_t>;
using uint8_id_allocator = narrowed_id_allocator<std::uint8_t>;

/// release frees the slots but leaves the holding: a later reservation adds to the stale count,
/// and the next release frees both.
class stale_holding_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end() || released_.count(request) != 0) return 0;
    free_ += found->second;
    released_.insert(request);  // wrong: the holding stays, and is freed again after a re-reserve
    return found->second;
  }
  bool try_reserve(std::uint64_t request, std::size_t n) {
    released_.erase(request);
    return map_allocator::try_reserve(request, n);
  }

 private:
  std::set<std::uint64_t> released_;
};

/// Request 0 means "no request": its reservations succeed without taking slots.
class zero_is_no_request_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (request == 0) return n > 0;
    return map_allocator::try_reserve(request, n);
  }
};

/// A grant takes n slots from the budget but records n - 1 held: the release leaks one.
class holds_one_less_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n == 0 || n > free_) return false;
    free_ -= n;
    held_[request] += n - 1;
    return true;
  }
};

/// Request ids compared by their low 8 bits in release only (a bucket index reused as the id).
class low_bits_release_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  std::size_t release(std::uint64_t request) {
    for (auto h = held_.begin(); h != held_.end(); ++h)
      if ((h->first & 0xFFU) == (request & 0xFFU)) {
        const std::size_t freed = h->second;
        free_ += freed;
        held_.erase(h);
        return freed;
      }
    return 0;
  }
};

}  // namespace kvc::mutants::slot_allocator
