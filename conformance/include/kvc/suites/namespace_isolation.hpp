// kvc/suites/namespace_isolation.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/cache_namespace.hpp>
