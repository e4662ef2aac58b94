// tests/fixture_types.hpp - types shared by the runtime tests and the static checks: type lists to
// run a check over, and an input-only range. No doctest here: static_checks/ includes it too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <vector>

namespace kvc_test {

template <class... Ts>
struct type_list {};

/// Calls `f(std::type_identity<T>{})` for every T of the list.
template <class... Ts, class F>
void for_each_type(type_list<Ts...>, F&& f) {
  (f(std::type_identity<Ts>{}), ...);
}

/// The integer types the admission contracts promise to accept (size_t may repeat uint64_t;
/// harmless).
using integer_types =
    type_list<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
              std::int64_t, std::uint64_t, std::size_t>;

/// The (capacity, used, request) type mixes the batch and request admission tests run.
// unsigned long and unsigned long long are distinct types even when both are 64 bits wide.
using capacity_types = type_list<std::int8_t, std::uint8_t, int, unsigned, std::int64_t,
                                 std::uint64_t, unsigned long long>;
using used_types = type_list<int, std::uint64_t, std::int8_t>;
using request_types =
    type_list<std::int8_t, std::uint8_t, std::int16_t, int, unsigned, std::int64_t, std::uint64_t>;

/// An input-only, unsized range: each iterator reads its values once, front to back.
struct single_pass_range {
  std::vector<long> values;

  struct sentinel {};
  struct iterator {
    using iterator_concept = std::input_iterator_tag;
    using value_type = long;
    using difference_type = std::ptrdiff_t;
    const long* at = nullptr;
    const long* end = nullptr;
    long operator*() const { return *at; }
    iterator& operator++() {
      ++at;
      return *this;
    }
    void operator++(int) { ++at; }
    friend bool operator==(const iterator& it, sentinel) { return it.at == it.end; }
  };
  iterator begin() const { return {values.data(), values.data() + values.size()}; }
  sentinel end() const { return {}; }
};

}  // namespace kvc_test
