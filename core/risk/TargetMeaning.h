#pragma once
// Targets and releases that cannot mean what the owner reads (issue 46), in the owner's words: the one text every
// front end shows (CLI reasons and warnings, the GUI's messages, the audit note).
#include <string>

namespace rr {

// "workclass has 2 values: a guess is right at least half the time, so l cannot exceed 2".
std::string lBeyondValuesReason(const std::string& sensitive, int values);
// Throws InputError with lBeyondValuesReason when l exceeds the number of sensitive values.
void checkLWithinValues(double l, const std::string& sensitive, int values);

// The warning for a sensitive attribute that leaves at p = 1 while quasi-identifiers are randomized.
std::string sensitiveInClearWarning(const std::string& sensitive);

} // namespace rr
