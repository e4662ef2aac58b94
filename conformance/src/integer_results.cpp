#include <kvc/spec/integer_results.hpp>

namespace kvc::detail {
namespace {
template <class T>
std::vector<integer_result> each_as_integer_result(std::span<const T> values) {
  std::vector<integer_result> results(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) results[i] = to_integer_result(values[i]);
  return results;
}
}  // namespace

std::vector<integer_result> integer_results(std::span<const signed char> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const unsigned char> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const short> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const unsigned short> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const int> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const unsigned> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const long> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const unsigned long> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const long long> values) {
  return each_as_integer_result(values);
}
std::vector<integer_result> integer_results(std::span<const unsigned long long> values) {
  return each_as_integer_result(values);
}

}  // namespace kvc::detail
