// kvc/verification/fixture.hpp - suites of a user's own fixtures, checked as kvc's suites are.
//
//   constexpr auto block_suite = boost::hana::make_tuple(
//       kvc::make_fixture(kvc::label<"first block">, kvc::inputs(std::size_t{15}, std::size_t{16}),
//                         std::size_t{0}),
//       kvc::make_fixture(kvc::label<"block boundary">,
//                         kvc::inputs(std::size_t{16}, std::size_t{16}), std::size_t{1}));
//   static_assert(kvc::verify(block_suite, block_of));  // a failure names its fixture
//
// A suite of one's own is a Boost.Hana tuple of `kvc::fixture`s (`kvc::make_fixture`,
// `kvc::label`, `kvc::inputs`); `kvc::verify`, `kvc::conforms`, `kvc::outcomes`, `kvc::check`,
// `kvc::passes` and `kvc::observe` take it, and `kvc::fixtures_of(kvc_suite)` puts kvc's fixtures
// beside one's own (`kvc::join_fixtures`, kvc/verification/join_fixtures.hpp).
#pragma once

#include <kvc/verification/fixture_checks.hpp>
#include <kvc/verification/fixture_report.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/typed_fixture.hpp>
