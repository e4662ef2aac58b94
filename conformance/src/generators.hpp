// conformance/src/generators.hpp - where each spec's generator is found: `generator<Shape>` is
// specialized, in conformance/src/specs/<contract>.hpp, with
//   template <class In> static In draw(gen::source&, const detail::exploration_context&)
// which draws run-time inputs of type `In` (one of the shape's input types) from the domain's
// values, composed for the contract: the generator of a suite's exploration.
#pragma once

#include <kvc/explore.hpp>

#include "gen/domain.hpp"
#include "gen/source.hpp"

namespace kvc::library {

/// The generator of a shape's inputs (specialized per spec).
template <class Shape>
struct generator;

}  // namespace kvc::library
