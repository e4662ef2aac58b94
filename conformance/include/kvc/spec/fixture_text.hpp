// kvc/spec/fixture_text.hpp - text in a fixture table (a label, a namespace's names): a view of a
// string literal whose length comes from the literal's type, so that a table of hundreds of
// labels costs a constant evaluation no character-by-character `strlen` (which a
// `std::string_view` made from a literal costs, on libstdc++), and a literal with an embedded NUL
// keeps its whole length.
#pragma once

#include <cstddef>
#include <string_view>

namespace kvc {

/// A view of a string literal, as a fixture table holds it; reads as a `std::string_view`.
class fixture_text {
 public:
  /// The empty text.
  constexpr fixture_text() noexcept = default;
  /// The literal `text`, every character but the terminating NUL (embedded NULs included).
  template <std::size_t N>
  constexpr fixture_text(const char (&text)[N]) noexcept  // NOLINT: implicit by design
      : data_(text), size_(N - 1) {}
  /// The characters `text` views, which must outlive the table.
  constexpr explicit fixture_text(std::string_view text) noexcept
      : data_(text.data()), size_(text.size()) {}

  /// The characters.
  [[nodiscard]] constexpr const char* data() const noexcept { return data_; }
  /// How many characters.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  /// Character `i`.
  [[nodiscard]] constexpr char operator[](std::size_t i) const noexcept { return data_[i]; }
  /// The text as a `std::string_view`.
  [[nodiscard]] constexpr std::string_view view() const noexcept { return {data_, size_}; }
  /// The text as a `std::string_view`, implicitly: table text reads as a string view.
  // NOLINTNEXTLINE(google-explicit-constructor): table text reads as a string view.
  [[nodiscard]] constexpr operator std::string_view() const noexcept { return view(); }

  /// Equal when the characters are.
  [[nodiscard]] friend constexpr bool operator==(const fixture_text& a, const fixture_text& b) noexcept {
    return a.view() == b.view();
  }

 private:
  const char* data_ = "";
  std::size_t size_ = 0;
};

}  // namespace kvc
