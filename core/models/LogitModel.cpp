#include "core/models/LogitModel.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <set>

namespace rr {
namespace {

std::string trimmed(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::string listed(const std::vector<std::string>& names)
{
    std::string out;
    for (const auto& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

int categoryIndex(const std::vector<std::string>& categories, const std::string& value, const std::string& what)
{
    const auto it = std::find(categories.begin(), categories.end(), value);
    if (it == categories.end())
        throw InputError(what + " '" + value + "' is not a category in the data (they are " + listed(categories) +
                         ")");
    return static_cast<int>(it - categories.begin());
}

} // namespace

std::vector<std::string> splitModelList(const std::string& text)
{
    std::vector<std::string> items;
    for (std::size_t start = 0;;) {
        const auto comma = text.find(',', start);
        items.push_back(trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos)
            return items;
        start = comma + 1;
    }
}

LogitModelSpec parseLogitFormula(const std::string& text)
{
    const auto tilde = text.find('~');
    const auto eq = text.find('=');
    if (tilde == std::string::npos || eq == std::string::npos || eq > tilde)
        throw InputError("a logistic model is written Y=V~A,B (outcome Y, the event Y = V, predictors A, B); got '" +
                         text + "'");
    LogitModelSpec spec;
    spec.outcome = trimmed(text.substr(0, eq));
    spec.positive = trimmed(text.substr(eq + 1, tilde - eq - 1));
    spec.predictors = splitModelList(text.substr(tilde + 1));
    checkLogitModel(spec);
    return spec;
}

void checkLogitModel(const LogitModelSpec& spec)
{
    if (spec.outcome.empty() || spec.positive.empty())
        throw InputError("a logistic model needs an outcome and its category V (the event Y = V)");
    if (spec.predictors.empty())
        throw InputError("a logistic model needs at least one predictor");
    std::set<std::string> seen;
    for (const auto& p : spec.predictors) {
        if (p.empty())
            throw InputError("a predictor's name is empty");
        if (p == spec.outcome)
            throw InputError("'" + p + "' is the outcome; it cannot be a predictor too");
        if (!seen.insert(p).second)
            throw InputError("predictor '" + p + "' is given twice");
    }
    std::set<std::string> referenced;
    for (const auto& [name, category] : spec.references) {
        if (!seen.count(name))
            throw InputError("--reference names '" + name + "', which is not a predictor (" + listed(spec.predictors) +
                             ")");
        if (!referenced.insert(name).second)
            throw InputError("--reference gives predictor '" + name + "' twice");
    }
}

std::vector<std::string> modelAttributes(const LogitModelSpec& spec)
{
    std::vector<std::string> names = spec.predictors;
    names.push_back(spec.outcome);
    return names;
}

RandomizedLogitRequest logitRequest(const LogitModelSpec& spec, const std::vector<std::vector<std::string>>& categories,
                                    Eigen::VectorXd counts, std::vector<DistortionMatrix> matrices)
{
    checkLogitModel(spec);
    const std::size_t m = spec.predictors.size();
    if (categories.size() != m + 1 || matrices.size() != m + 1)
        throw InputError("logistic model: one list of categories and one matrix per attribute are needed");
    RandomizedLogitRequest r;
    r.positive = categoryIndex(categories[m], spec.positive, "the outcome's category V");
    std::vector<int> references(m, 0);
    for (const auto& [name, category] : spec.references) {
        const auto k = static_cast<std::size_t>(
            std::find(spec.predictors.begin(), spec.predictors.end(), name) - spec.predictors.begin());
        references[k] = categoryIndex(categories[k], category, "the reference of '" + name + "',");
    }
    r.terms = dummyTerms(spec.predictors, {categories.begin(), categories.begin() + static_cast<long>(m)}, references);
    r.counts = std::move(counts);
    r.matrices = std::move(matrices);
    return r;
}

} // namespace rr
