// A compile-fail test in Eigen's style: built once with a conforming implementation (the _ok
// target, which must compile) and once with a known-bad one (the _ko target, which must fail with a
// diagnostic naming the fixture). CMake passes the suite and the implementation as macros.
#include <kvc/conformance.hpp>
#include <kvc/mutants/append_admission.hpp>
#include <kvc/mutants/batch_admission.hpp>
#include <kvc/mutants/cache_namespace.hpp>
#include <kvc/mutants/prefix_reuse.hpp>
#include <kvc/mutants/segment_positions.hpp>

static_assert(kvc::verify(KVC_SUITE, KVC_IMPL));
