#include "core/withoutp/MiningMeasures.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {

namespace {

double total(const ContingencyTable& t)
{
    const double n = t.total();
    if (!(n > 0))
        throw InputError("the table has no records");
    return n;
}

void checkItems(const ContingencyTable& t, const std::vector<int>& axes, const std::vector<int>& values)
{
    if (axes.size() != values.size())
        throw InputError("an itemset needs one category per attribute");
    for (std::size_t k = 0; k < axes.size(); ++k) {
        if (axes[k] < 0 || axes[k] >= t.rank())
            throw InputError("itemset attribute " + std::to_string(axes[k] + 1) + " is not in the table");
        if (values[k] < 0 || values[k] >= t.dims()[static_cast<std::size_t>(axes[k])])
            throw InputError("itemset category " + std::to_string(values[k] + 1) + " is out of range");
    }
}

} // namespace

double itemsetSupport(const ContingencyTable& table, const std::vector<int>& axes, const std::vector<int>& values)
{
    checkItems(table, axes, values);
    if (axes.empty())
        return 1.0;
    const ContingencyTable m = table.marginal(axes);
    return m.counts()[static_cast<Eigen::Index>(m.index(values))] / total(table);
}

double ruleConfidence(const ContingencyTable& table, const std::vector<int>& antecedentAxes,
                      const std::vector<int>& antecedentValues, const std::vector<int>& consequentAxes,
                      const std::vector<int>& consequentValues)
{
    const double x = itemsetSupport(table, antecedentAxes, antecedentValues);
    if (!(x > 0))
        throw InputError("the rule's antecedent has no records, so its confidence is undefined");
    std::vector<int> axes = antecedentAxes, values = antecedentValues;
    axes.insert(axes.end(), consequentAxes.begin(), consequentAxes.end());
    values.insert(values.end(), consequentValues.begin(), consequentValues.end());
    return itemsetSupport(table, axes, values) / x;
}

double giniSplit(const ContingencyTable& table, int splitAxis, int classAxis)
{
    if (splitAxis == classAxis)
        throw InputError("the split attribute and the class must differ");
    checkItems(table, {splitAxis, classAxis}, {0, 0});
    const ContingencyTable m = table.marginal({splitAxis, classAxis});
    const double n = total(table);
    const int ds = m.dims()[0], dc = m.dims()[1];
    double g = 0;
    for (int i = 0; i < ds; ++i) {
        double row = 0, squares = 0;
        for (int c = 0; c < dc; ++c)
            row += m.counts()[i * dc + c];
        if (!(row > 0))
            continue;
        for (int c = 0; c < dc; ++c) {
            const double share = m.counts()[i * dc + c] / row;
            squares += share * share;
        }
        g += row / n * (1.0 - squares);
    }
    return g;
}

double naiveBayesScore(const ContingencyTable& table, const std::vector<int>& featureAxes,
                       const std::vector<int>& featureValues, int classAxis, int classValue)
{
    checkItems(table, featureAxes, featureValues);
    checkItems(table, {classAxis}, {classValue});
    if (std::find(featureAxes.begin(), featureAxes.end(), classAxis) != featureAxes.end())
        throw InputError("the class cannot also be a feature");
    const double pc = itemsetSupport(table, {classAxis}, {classValue});
    const double px = itemsetSupport(table, featureAxes, featureValues);
    if (!(pc > 0) || !(px > 0))
        throw InputError("the class value or the feature combination has no records");
    double score = pc / px;
    for (std::size_t f = 0; f < featureAxes.size(); ++f)
        score *= itemsetSupport(table, {featureAxes[f], classAxis}, {featureValues[f], classValue}) / pc;
    return score;
}

} // namespace rr
