#pragma once
// A result's JSON (the typed layer's one serializer) as Python objects: dicts in the same key order, ints where
// the JSON has integers. No text in between, so to_dict() is exactly what json.loads of the CLI's output gives.
#include "core/api/JsonValues.h"

#include <pybind11/pybind11.h>

namespace rr::python {

// Checked as the CLI checks before printing (no NaN or infinity reaches the caller).
pybind11::object toPython(const api::Json& j);

} // namespace rr::python
