// kvc/verification/checks.hpp - the checks a user runs on kvc's suites: `kvc::verify` (for
// `static_assert`, naming the failing fixture), `kvc::conforms`, `kvc::outcomes`, and for one
// fixture `kvc::passes` and `kvc::observe` (kvc/spec/checks.hpp). Needs no Boost.Hana; the same
// checks on a suite of one's own fixtures come with kvc/verification/fixture.hpp.
//
//   #include <kvc/suites/prefix_reuse.hpp>
//   #include <kvc/verification/checks.hpp>
//   static_assert(kvc::verify(kvc::suites::prefix_reuse, my_engine::reusable_prefix));
#pragma once

#include <kvc/spec/checks.hpp>
