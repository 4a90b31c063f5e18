// The risk of several releases of the same records through the product channels (core/risk/CombinedRisk, issue
// 46): against the risk model for one draw, against a brute-force sum over every output of a small table, and
// its properties (a second draw reveals more; a draw in clear or at p = 1/d is what it says).
#include "TestData.h"

#include "core/data/Errors.h"
#include "core/risk/CombinedRisk.h"
#include "core/risk/DisclosureRisk.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace rr;

namespace {

ContingencyTable randomTable(const std::vector<int>& dims, std::mt19937_64& g)
{
    ContingencyTable t(dims);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::uniform_int_distribution<int> count(1, 30);
    for (Eigen::Index i = 0; i < t.counts().size(); ++i)
        t.counts()[i] = u(g) < 0.3 ? 0.0 : count(g);
    if (t.total() <= 0)
        t.counts()[0] = 1;
    return t;
}

double warner(int d, double p, int u, int v)
{
    return u == v ? p : (1 - p) / (d - 1);
}

// Pr(output tuple | value) of one attribute through all its draws, outputs enumerated in base d.
double channel(int d, const std::vector<double>& draws, int output, int v)
{
    double pr = 1;
    for (const double p : draws) {
        pr *= warner(d, p, output % d, v);
        output /= d;
    }
    return pr;
}

int outputs(int d, const std::vector<double>& draws)
{
    return static_cast<int>(std::lround(std::pow(d, static_cast<double>(draws.size()))));
}

// 003 eq. 5.6-5.8 written as sums over the whole QI output space, with no products of axes: the oracle.
double bruteMaxRisk(const ContingencyTable& t, const std::vector<std::vector<double>>& draws)
{
    const std::vector<int>& dims = t.dims();
    const std::size_t m = dims.size() - 1;
    const int ds = dims.back();
    const int groups = static_cast<int>(t.cellCount()) / ds;
    const Eigen::VectorXd pi = t.counts() / t.total();
    std::vector<double> piQi(static_cast<std::size_t>(groups), 0.0);
    for (int g = 0; g < groups; ++g)
        for (int s = 0; s < ds; ++s)
            piQi[static_cast<std::size_t>(g)] += pi[g * ds + s];
    std::vector<int> outDims;
    int qiOutputs = 1;
    for (std::size_t k = 0; k < m; ++k) {
        outDims.push_back(outputs(dims[k], draws[k]));
        qiOutputs *= outDims.back();
    }
    const auto coordinates = [](int index, const std::vector<int>& d) {
        std::vector<int> c(d.size());
        for (std::size_t k = d.size(); k-- > 0;) {
            c[k] = index % d[k];
            index /= d[k];
        }
        return c;
    };
    const auto qiChannel = [&](int out, int g) {
        const std::vector<int> o = coordinates(out, outDims), a = coordinates(g, std::vector<int>(dims.begin(), dims.end() - 1));
        double pr = 1;
        for (std::size_t k = 0; k < m; ++k)
            pr *= channel(dims[k], draws[k], o[k], a[k]);
        return pr;
    };
    double maxRisk = 0;
    for (int g = 0; g < groups; ++g) {
        if (piQi[static_cast<std::size_t>(g)] <= 0)
            continue;
        double qiKept = 0; // eq. 5.7
        for (int b = 0; b < qiOutputs; ++b) {
            double lambda = 0;
            for (int c = 0; c < groups; ++c)
                lambda += piQi[static_cast<std::size_t>(c)] * qiChannel(b, c);
            if (lambda > 0)
                qiKept += piQi[static_cast<std::size_t>(g)] * std::pow(qiChannel(b, g), 2) / lambda;
        }
        for (int u = 0; u < ds; ++u) {
            if (t.counts()[g * ds + u] <= 0)
                continue;
            double sKept = 0; // eq. 5.8
            for (int v = 0; v < outputs(ds, draws.back()); ++v) {
                double denominator = 0;
                for (int w = 0; w < ds; ++w)
                    denominator += channel(ds, draws.back(), v, w) * pi[g * ds + w];
                if (denominator > 0)
                    sKept += std::pow(channel(ds, draws.back(), v, u), 2) * pi[g * ds + u] / denominator;
            }
            maxRisk = std::max(maxRisk, pi[g * ds + u] / piQi[static_cast<std::size_t>(g)] * qiKept * sKept);
        }
    }
    return maxRisk;
}

} // namespace

class TestCombinedRisk : public QObject {
    Q_OBJECT

private slots:
    // One draw per axis is the ordinary release: the same figure as the risk model's.
    void oneDrawIsTheModelsRisk()
    {
        std::mt19937_64 g(7);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int trial = 0; trial < 20; ++trial) {
            const std::vector<int> dims{2 + trial % 3, 3, 2 + trial % 4};
            const ContingencyTable t = randomTable(dims, g);
            std::vector<double> p;
            std::vector<std::vector<double>> draws;
            for (const int d : dims) {
                p.push_back(1.0 / d + (1 - 1.0 / d) * u(g));
                draws.push_back({p.back()});
            }
            DisclosureRiskModel model(t);
            const double expected = model.maxRiskWarner(p);
            const std::optional<CombinedRisk> r = combinedRisk(t, draws, 0.5);
            QVERIFY(r.has_value());
            RR_COMPARE_NEAR(r->maxRisk, expected, 1e-12);
        }
    }

    // Two and three draws of an attribute: the oracle's sums over every output.
    void severalDrawsMatchTheBruteForceSums()
    {
        std::mt19937_64 g(11);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int trial = 0; trial < 12; ++trial) {
            const std::vector<int> dims{2, 3, 3};
            const ContingencyTable t = randomTable(dims, g);
            std::vector<std::vector<double>> draws(dims.size());
            for (std::size_t k = 0; k < dims.size(); ++k) {
                const int n = 1 + (trial + static_cast<int>(k)) % 3;
                for (int j = 0; j < n; ++j)
                    draws[k].push_back(1.0 / dims[k] + 0.05 + (0.9 - 1.0 / dims[k]) * u(g));
            }
            const std::optional<CombinedRisk> r = combinedRisk(t, draws, 0.5);
            QVERIFY(r.has_value());
            RR_COMPARE_NEAR(r->maxRisk, bruteMaxRisk(t, draws), 1e-12);
        }
    }

    // On Adult (QIs education, marital-status, sex, race; S workclass): a second draw at the same p reveals more,
    // a draw at p = 1/d adds nothing, a draw in clear is the attribute in clear.
    void adultSecondDrawRevealsMore()
    {
        const ContingencyTable t = testdata::emgrw(testdata::adultComplete());
        const std::vector<double> p{0.5692, 0.8422, 0.9086, 0.9565, 0.9520};
        std::vector<std::vector<double>> once, twice, uninformative, clear;
        for (std::size_t k = 0; k < p.size(); ++k) {
            once.push_back({p[k]});
            twice.push_back({p[k], p[k]});
            uninformative.push_back({p[k], 1.0 / t.dims()[k]});
            clear.push_back({p[k], k == 0 ? 1.0 : p[k]});
        }
        DisclosureRiskModel model(t);
        const double alone = model.maxRiskWarner(p);
        RR_COMPARE_NEAR(alone, 1.0 / 3, 1e-4); // the README's optimum at l = 3
        const std::optional<CombinedRisk> two = combinedRisk(t, twice, 1.0 / 3);
        QVERIFY(two.has_value());
        qInfo("Adult, l = 3 optimum: one draw %.4f, two draws %.4f, %.0f records above 1/3", alone, two->maxRisk,
              two->recordsOverTau);
        QVERIFY2(two->maxRisk > alone + 0.05, qPrintable(QString::number(two->maxRisk)));
        QVERIFY(two->recordsOverTau > 0);
        QCOMPARE(two->outputCells, std::size_t(16 * 16 * 7 * 7 * 2 * 2 * 5 * 5));
        RR_COMPARE_NEAR(combinedRisk(t, uninformative, 0.5)->maxRisk, alone, 1e-12);
        std::vector<double> educationClear = p;
        educationClear[0] = 1;
        std::vector<std::vector<double>> twiceEducationClear = twice;
        twiceEducationClear[0] = {1.0};
        RR_COMPARE_NEAR(combinedRisk(t, clear, 0.5)->maxRisk, combinedRisk(t, twiceEducationClear, 0.5)->maxRisk, 1e-12);
        QVERIFY(combinedRisk(t, clear, 0.5)->maxRisk >= model.maxRiskWarner(educationClear) - 1e-12);
    }

    // Past the cap the figure is not computed (the caller says so); wrong input is refused.
    void boundsAndBadInput()
    {
        std::mt19937_64 g(3);
        const ContingencyTable t = randomTable({4, 4, 2}, g);
        const std::vector<std::vector<double>> draws{{0.6, 0.6, 0.6}, {0.6, 0.6}, {0.7}};
        QVERIFY(!combinedRisk(t, draws, 0.5, 64 * 16 - 1).has_value());
        QVERIFY(combinedRisk(t, draws, 0.5, 64 * 16).has_value());
        const std::vector<std::vector<double>> tooFew{{0.6}, {0.6}}, belowUniform{{0.1}, {0.6}, {0.7}};
        QVERIFY_THROWS_EXCEPTION(InputError, combinedRisk(t, tooFew, 0.5));
        QVERIFY_THROWS_EXCEPTION(InputError, combinedRisk(t, belowUniform, 0.5));
    }
};

QTEST_GUILESS_MAIN(TestCombinedRisk)
#include "test_combined_risk.moc"
