#include "core/risk/TargetMeaning.h"

#include "core/data/Errors.h"

namespace rr {

namespace {

// "half the time", "a third of the time", "one time in 7".
std::string atLeastShare(int values)
{
    switch (values) {
    case 1:
        return "every time";
    case 2:
        return "half the time";
    case 3:
        return "a third of the time";
    case 4:
        return "a quarter of the time";
    default:
        return "one time in " + std::to_string(values);
    }
}

} // namespace

std::string lBeyondValuesReason(const std::string& sensitive, int values)
{
    return sensitive + " has " + std::to_string(values) + (values == 1 ? " value" : " values") +
           ": a guess is right at least " + atLeastShare(values) + ", so l cannot exceed " + std::to_string(values);
}

void checkLWithinValues(double l, const std::string& sensitive, int values)
{
    if (l > values)
        throw InputError(lBeyondValuesReason(sensitive, values));
}

std::string sensitiveInClearWarning(const std::string& sensitive)
{
    return sensitive + " leaves in clear (p = 1): every record keeps its true " + sensitive +
           ". It is protected only because the randomized quasi-identifiers make it hard to link a person to "
           "their record; whoever links one reads the true value, and each group's published shares of " +
           sensitive + " reveal what they reveal (see inference).";
}

} // namespace rr
