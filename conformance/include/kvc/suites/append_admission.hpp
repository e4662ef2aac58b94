// kvc/suites/append_admission.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/append_admission.hpp>
