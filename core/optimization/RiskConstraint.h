#pragma once
// What the optimizer keeps under tau: the records' attribute-disclosure risk at one retention p per attribute.
// One sensitive attribute: one risk model (003 Problem 1). Several (issue 22): one model per sensitive attribute,
// each over its own table, all judged at once (core/analysis/SeveralSensitiveOptimum.h).
#include "core/risk/DisclosureRisk.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rr {

class RiskConstraint {
public:
    virtual ~RiskConstraint() = default;
    // Categories per attribute, in the order of p.
    virtual const std::vector<int>& dims() const = 0;
    virtual std::string attributeName(int axis) const = 0;
    // max_r Pr(S_r | QI_r) at Warner matrices of retention p (one per attribute). 003 eq. 5.6-5.8
    virtual double maxRisk(const std::vector<double>& p) = 0;
    // The cells with records the constraint holds for (numbered 0 .. cellCount() - 1), and the risk of some.
    virtual std::size_t cellCount() const = 0;
    virtual void cellRisks(const std::vector<double>& p, const std::vector<std::size_t>& which, double* out) = 0;
};

// The constraint of one risk model (QIs then S); it borrows the model.
class ModelRiskConstraint final : public RiskConstraint {
public:
    explicit ModelRiskConstraint(DisclosureRiskModel& model) : m_model(model) {}
    const std::vector<int>& dims() const override { return m_model.dims(); }
    std::string attributeName(int axis) const override;
    double maxRisk(const std::vector<double>& p) override { return m_model.maxRiskWarner(p); }
    std::size_t cellCount() const override { return m_model.presentCells().size(); }
    void cellRisks(const std::vector<double>& p, const std::vector<std::size_t>& which, double* out) override
    {
        m_model.presentRiskWarner(p, which, out);
    }

private:
    DisclosureRiskModel& m_model;
};

} // namespace rr
