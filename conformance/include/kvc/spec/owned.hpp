// kvc/spec/owned.hpp - `kvc::detail::owned<T>`: the values of one call's sequence argument (or its
// output buffer), held for the duration of the call. A table's `kvc::sequence` is materialized
// into one when a fixture is checked, at compile time as at run time: C++20 constant evaluation
// allows `new[]` and `delete[]`, and `std::vector` it does not allow on every compiler kvc supports.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>

namespace kvc::detail {

/// A fixed-size array of `T` on the heap.
template <class T>
class owned {
 public:
  /// Room for `size` values, to be written before they are read.
  constexpr explicit owned(std::size_t size) : size_(size), data_(size ? new T[size] : nullptr) {}
  /// The values of `source` (a `kvc::sequence`, which writes them itself, or any sized range),
  /// converted to `T`.
  template <class Source>
    requires requires(const Source& s) { s.size(); }
  constexpr explicit owned(const Source& source) : owned(source.size()) {
    if constexpr (requires { source.copy_to(data_); }) {
      source.copy_to(data_);
    } else if constexpr (requires { requires std::is_pointer_v<decltype(source.data())>; }) {
      // Through a pointer: an unoptimized build makes no call per value.
      const auto* values = source.data();
      for (std::size_t i = 0; i < size_; ++i) data_[i] = static_cast<T>(values[i]);
    } else {
      std::size_t i = 0;
      for (const auto& value : source) data_[i++] = static_cast<T>(value);
    }
  }
  constexpr ~owned() { delete[] data_; }
  owned(const owned&) = delete;
  owned& operator=(const owned&) = delete;

  /// The values.
  [[nodiscard]] constexpr std::span<const T> view() const noexcept { return {data_, size_}; }
  /// The values, writable (the output buffers of span-output calls).
  [[nodiscard]] constexpr std::span<T> writable() noexcept { return {data_, size_}; }

 private:
  std::size_t size_ = 0;
  T* data_ = nullptr;
};

}  // namespace kvc::detail
