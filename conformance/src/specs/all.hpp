// conformance/src/specs/all.hpp - every spec's generator.
#pragma once

#include "append_admission.hpp"
#include "lookups.hpp"
