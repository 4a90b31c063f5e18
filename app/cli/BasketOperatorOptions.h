#pragma once
// The operator options every `basket` subcommand takes, checked for their ranges, as core's
// OperatorParameters (core/basketpipeline builds the operator from them).
#include "app/cli/Json.h"
#include "core/api/BasketFiles.h"
#include "app/cli/Options.h"
#include "core/basketpipeline/OperatorParameters.h"

#include <string>
#include <vector>

namespace rr::cli {

using api::percent;

// `v` with up to 10 significant digits, for messages.
std::string shortNumber(double v);

// A number in [lo, hi] (an end excluded when open), the whole text; InputError naming `what` and the range.
double numberInRange(const std::string& text, const std::string& what, double lo, double hi, bool loOpen, bool hiOpen);
// An integer in lo..hi; InputError naming `what` and the range.
int integerInRange(const std::string& text, const std::string& what, long long lo, long long hi);
// An integer in lo..hi into a member of the request (InputError naming --name and the range).
template <class Target, class Field>
OptionBinding<Target> integerOption(const std::string& name, Field Target::*field, long long lo, long long hi,
                                    bool required = false)
{
    return {name, [name, field, lo, hi](Target& t, const std::string& text) {
                t.*field = integerInRange(text, "--" + name, lo, hi);
            }, required};
}

// --operator and every operator parameter, and --session (a Baskets session saved by the app).
std::vector<OptionSpec> operatorOptions();

// Parses --operator and its parameters; InputError naming the option and its range, an option the operator
// does not take, or a bad line of a table file. Without --operator, a --session's operator with every
// parameter the Baskets workspace set (core's operatorParameters of its choice).
OperatorParameters operatorArgs(const Options& options);
// Whether operatorArgs takes the operator from --session (no --operator given).
bool operatorFromSession(const Options& options);

} // namespace rr::cli
