// A compile-fail pair in Eigen's style for one contract of kvc::specs::all: the contract's first
// suite verified once against kvc's implementation of the contract (the _ok half, which must
// compile) and once against one of its known-bad implementations (tests/mutants/<contract>.hpp;
// the _ko half, which must fail with a diagnostic naming the first fixture it fails). CMake passes
// the contract, its spec and mutants headers and namespace, the reference and the known-bad
// implementation as macros, from pairs.txt.
#include <kvc/spec/suite.hpp>
#include <kvc/verification/checks.hpp>

#include KVC_SPEC_HEADER
#include KVC_MUTANTS_HEADER

/// A factory of `T` (the scenario suites take one): `made<kvc::model::prefix_cache>`.
template <class T>
inline constexpr auto made =
    [](const auto&... arguments) -> decltype(T(arguments...)) { return T(arguments...); };

namespace {

template <class First, class... Rest>
constexpr First first_suite(const kvc::contract<First, Rest...>&) noexcept {
  return {};
}
constexpr auto suite = first_suite(kvc::specs::KVC_CONTRACT);

#if defined(KVC_KO)
using namespace KVC_MUTANTS;  // the names of tests/mutants/<contract>.hpp
static_assert(kvc::verify(suite, KVC_MUTANT));
#else
static_assert(kvc::verify(suite, KVC_REFERENCE));
#endif

}  // namespace
