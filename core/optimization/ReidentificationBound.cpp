#include "core/optimization/ReidentificationBound.h"

#include "core/data/Errors.h"
#include "core/distortion/DistortionMatrix.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <sstream>

namespace rr {

void checkReidentificationBound(const ReidentificationBound& bound)
{
    for (const auto& [value, name] : {std::pair{bound.max, "maximum"}, std::pair{bound.mean, "mean"}})
        if (!std::isfinite(value) || value < 0 || value > 1) {
            std::ostringstream os;
            os << "the bound on the " << name << " re-identification risk is " << value
               << "; it bounds a probability: give a number in (0, 1]";
            throw InputError(os.str());
        }
}

ReidentificationConstraint::ReidentificationConstraint(ContingencyTable quasiIdentifiers, ReidentificationBound bound,
                                                       int threads)
    : m_qi(std::move(quasiIdentifiers)), m_dims(m_qi.dims()), m_bound(bound), m_threads(std::max(1, threads))
{
    checkReidentificationBound(bound);
}

ReidentificationSummary ReidentificationConstraint::at(const std::vector<double>& p)
{
    std::vector<DistortionMatrix> matrices;
    for (std::size_t i = 0; i < m_dims.size(); ++i)
        matrices.push_back(DistortionMatrix::warner(m_dims[i], p[i])); // 003 eq. 5.2
    ReidentificationRequest request;
    request.threads = m_threads;
    ++m_evaluations;
    return reidentificationRisk(m_qi, matrices, request).randomized;
}

bool ReidentificationConstraint::holds(const ReidentificationSummary& s) const
{
    return (m_bound.max <= 0 || s.max <= m_bound.max) && (m_bound.mean <= 0 || s.mean <= m_bound.mean);
}

} // namespace rr
