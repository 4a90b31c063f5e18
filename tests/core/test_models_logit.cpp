// Logistic regression with randomized variables (issue 44) against closed forms: saturated 2 x 2 designs, where the
// maximum likelihood is the (moment) estimate of each cell and the covariance follows by the delta method, the
// collapse of a Warner outcome to its binary channel, the expected information, and the designs it must refuse.
// (RRreg's RRlog, SciPy and statsmodels are in tests/python/test_models.py.)
#include "core/data/Errors.h"
#include "core/estimation/Reconstruction.h"
#include "core/models/RandomizedLogit.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace rr;

namespace {

// Predictor A (categories a1, a2, ...) and outcome Y (no, yes; V = yes) unless told otherwise.
RandomizedLogitRequest request(std::vector<DistortionMatrix> m, Eigen::VectorXd counts, int positive = 1)
{
    RandomizedLogitRequest r;
    std::vector<std::string> cats;
    for (int c = 0; c < m[0].size(); ++c)
        cats.push_back("a" + std::to_string(c + 1));
    r.terms = dummyTerms({"A"}, {cats}, {0});
    r.matrices = std::move(m);
    r.counts = std::move(counts);
    r.positive = positive;
    return r;
}

Eigen::VectorXd table(std::initializer_list<double> v)
{
    Eigen::VectorXd t(static_cast<Eigen::Index>(v.size()));
    Eigen::Index i = 0;
    for (double x : v)
        t[i++] = x;
    return t;
}

double logit(double p)
{
    return std::log(p / (1 - p));
}

double se(const RandomizedLogitResult& f, int j)
{
    return std::sqrt(f.covariance(j, j));
}

} // namespace

class TestModelsLogit : public QObject {
    Q_OBJECT

private slots:
    // Nothing randomized: the log odds and the log odds ratio, with Woolf's standard errors.
    void clearTwoByTwo()
    {
        const RandomizedLogitRequest r =
            request({DistortionMatrix::identity(2), DistortionMatrix::identity(2)}, table({300, 100, 150, 250}));
        const RandomizedLogitResult f = fitRandomizedLogit(r);
        QVERIFY(f.converged);
        QCOMPARE(f.terms, (std::vector<std::string>{"(intercept)", "A=a2"}));
        RR_COMPARE_NEAR(f.estimate[0], std::log(100.0 / 300), 1e-12);
        RR_COMPARE_NEAR(f.estimate[1], std::log(250.0 * 300 / (150 * 100)), 1e-12);
        RR_COMPARE_NEAR(se(f, 0), std::sqrt(1 / 300.0 + 1 / 100.0), 1e-12);
        RR_COMPARE_NEAR(se(f, 1), std::sqrt(1 / 300.0 + 1 / 100.0 + 1 / 150.0 + 1 / 250.0), 1e-12);
        RR_COMPARE_NEAR(f.logLikelihood,
                        300 * std::log(0.375) + 100 * std::log(0.125) + 150 * std::log(0.1875) +
                            250 * std::log(0.3125),
                        1e-9);
    }

    // A Warner outcome, A in clear: theta_a = (lambda_a - q) / (p - q) per category, with variance
    // lambda (1 - lambda) / (n_a (p - q)^2) and the delta method to the logit.
    void randomizedOutcome()
    {
        const double p = 0.8, q = 0.2;
        const RandomizedLogitRequest r =
            request({DistortionMatrix::identity(2), DistortionMatrix::warner(2, p)}, table({260, 140, 170, 230}));
        const RandomizedLogitResult f = fitRandomizedLogit(r);
        QVERIFY(f.converged);
        double est[2], var[2];
        const double yes[2] = {140, 230};
        for (int a = 0; a < 2; ++a) {
            const double lambda = yes[a] / 400.0;
            const double theta = (lambda - q) / (p - q);
            est[a] = logit(theta);
            var[a] = lambda * (1 - lambda) / (400 * (p - q) * (p - q)) / std::pow(theta * (1 - theta), 2);
        }
        RR_COMPARE_NEAR(f.estimate[0], est[0], 1e-9);
        RR_COMPARE_NEAR(f.estimate[1], est[1] - est[0], 1e-9);
        RR_COMPARE_RELATIVE(se(f, 0), std::sqrt(var[0]), 1e-8);
        RR_COMPARE_RELATIVE(se(f, 1), std::sqrt(var[0] + var[1]), 1e-8);
    }

    // A randomized predictor, Y in clear: the saturated cells are the moment estimate, their covariance 003 eq. 5.16
    // with N, and the log odds ratios' variances follow by the delta method. 40 categories make a block of 80 cells,
    // past the ones held written out (the mode products' path).
    void randomizedPredictor_data()
    {
        QTest::addColumn<int>("d");
        QTest::newRow("2 categories") << 2;
        QTest::newRow("40 categories") << 40;
    }
    void randomizedPredictor()
    {
        QFETCH(int, d);
        const std::vector<DistortionMatrix> m{DistortionMatrix::warner(d, 0.85), DistortionMatrix::identity(2)};
        Eigen::VectorXd n(2 * d);
        for (int a = 0; a < d; ++a)
            n.segment(2 * a, 2) << 310 + 7 * a, 120 + 3 * (a % 5) + (a == 1 ? 90 : 0);
        const RandomizedLogitResult f = fitRandomizedLogit(request(m, n));
        QVERIFY(f.converged);
        const double total = n.sum();
        const Eigen::VectorXd pi = reconstruct(m, n / total);
        QVERIFY((pi.array() > 0).all());
        RR_COMPARE_NEAR(f.estimate[0], std::log(pi[1] / pi[0]), 1e-9);
        RR_COMPARE_NEAR(f.estimate[1], std::log(pi[3] * pi[0] / (pi[2] * pi[1])), 1e-9);
        RR_COMPARE_NEAR(f.estimate[d - 1], std::log(pi[2 * d - 1] * pi[0] / (pi[2 * d - 2] * pi[1])), 1e-9);
        const Eigen::MatrixXd cov = covarianceMatrix(m, n / total, total) * ((total - 1) / total);
        Eigen::VectorXd g = Eigen::VectorXd::Zero(2 * d);
        g.head(4) << 1 / pi[0], -1 / pi[1], -1 / pi[2], 1 / pi[3];
        RR_COMPARE_RELATIVE(se(f, 1), std::sqrt(g.dot(cov * g)), 1e-8);
        RR_COMPARE_VECTORS_NEAR(f.shares, pi, 1e-10);
    }

    // Y with three categories under Warner's matrix, A in clear: the saturated split of the other two is profiled
    // out exactly, so the fit equals that of the binary event under its channel [[1-q, 1-p], [q, p]].
    void warnerOutcomeCollapses()
    {
        const double p = 0.7, q = 0.15;
        RandomizedLogitRequest three = request({DistortionMatrix::identity(2), DistortionMatrix::warner(3, p)},
                                               table({150, 120, 130, 90, 100, 210}), 2);
        Eigen::Matrix2d channel;
        channel << 1 - q, 1 - p, q, p;
        const RandomizedLogitRequest two =
            request({DistortionMatrix::identity(2), DistortionMatrix::fromMatrix(channel)},
                    table({270, 130, 190, 210}), 1);
        const RandomizedLogitResult f3 = fitRandomizedLogit(three), f2 = fitRandomizedLogit(two);
        QVERIFY(f3.converged && f2.converged);
        RR_COMPARE_VECTORS_NEAR(f3.estimate, f2.estimate, 1e-9);
        RR_COMPARE_NEAR(se(f3, 1), se(f2, 1), 1e-9);
    }

    // Where the model fits the data exactly, the expected information at the fit is the observed one.
    void expectedCovarianceAtSaturatedFit()
    {
        const RandomizedLogitRequest r =
            request({DistortionMatrix::warner(2, 0.85), DistortionMatrix::warner(2, 0.8)}, table({310, 120, 160, 210}));
        const RandomizedLogitResult f = fitRandomizedLogit(r);
        const Eigen::MatrixXd e = expectedLogitCovariance(r, f.estimate, f.shares, f.n);
        RR_COMPARE_NEAR(e(1, 1), f.covariance(1, 1), 1e-9 * f.covariance(1, 1));
        RR_COMPARE_NEAR(e(0, 1), f.covariance(0, 1), 1e-9 * f.covariance(1, 1));
        // a stronger randomization loses information: a larger variance at the same values
        RandomizedLogitRequest weaker = r;
        weaker.matrices[1] = DistortionMatrix::warner(2, 0.7);
        QVERIFY(expectedLogitCovariance(weaker, f.estimate, f.shares, f.n)(1, 1) > 1.5 * e(1, 1));
    }

    // Skewed predictor shares (many cells empty at the maximum) with a randomized predictor: the projected Newton step
    // takes many cells to the face at once, so the fit takes a few steps, not one per cell (125 for this table when
    // each step stopped at the first cell it reached), and finds the model it was made from.
    void manyCellsOnTheFace()
    {
        const int d = 8, cells = d * d * d * d;
        RandomizedLogitRequest r;
        const std::vector<std::string> cats{"0", "1", "2", "3", "4", "5", "6", "7"};
        r.terms = dummyTerms({"A", "B", "C", "D"}, {cats, cats, cats, cats}, {0, 0, 0, 0});
        r.positive = 1;
        std::mt19937_64 g(45);
        std::gamma_distribution<double> gamma(0.3, 1.0);
        std::normal_distribution<double> effect(0.0, 0.4);
        Eigen::VectorXd beta(r.terms.count());
        for (Eigen::Index j = 0; j < beta.size(); ++j)
            beta[j] = effect(g);
        Eigen::VectorXd pi(2 * cells);
        for (int x = 0; x < cells; ++x) {
            double eta = beta[0];
            for (int k = 0, rest = x; k < 4; ++k, rest /= d)
                if (const int t = r.terms.termOf[static_cast<std::size_t>(3 - k)][static_cast<std::size_t>(rest % d)];
                    t >= 0)
                    eta += beta[t];
            const double w = gamma(g), pr = 1.0 / (1.0 + std::exp(-eta));
            pi[2 * x] = w * (1 - pr);
            pi[2 * x + 1] = w * pr;
        }
        pi /= pi.sum();
        r.matrices = {DistortionMatrix::warner(d, 0.8), DistortionMatrix::identity(d), DistortionMatrix::identity(d),
                      DistortionMatrix::identity(d), DistortionMatrix::warner(2, 0.8)};
        r.counts = (1e7 * expectedRandomized(r.matrices, pi)).array().round().matrix();
        const RandomizedLogitResult f = fitRandomizedLogit(r);
        QVERIFY(f.converged);
        QVERIFY2(f.iterations <= 30, qPrintable(QString::number(f.iterations)));
        QVERIFY((f.shares.array() == 0).count() > 100);
        RR_COMPARE_VECTORS_NEAR(f.estimate, beta, 2e-3); // rounding the counts moves the maximum a little
    }

    // A category without records, and one whose records all have Y = V: refused, naming the coefficient.
    void refusesUnidentified()
    {
        const auto message = [](const RandomizedLogitRequest& r) {
            try {
                fitRandomizedLogit(r);
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        const std::vector<DistortionMatrix> clear3{DistortionMatrix::identity(3), DistortionMatrix::identity(2)};
        const std::string empty = message(request(clear3, table({300, 100, 150, 250, 0, 0})));
        QVERIFY2(empty.find("'A=a3'") != std::string::npos, empty.c_str());
        const std::string separated = message(request(clear3, table({300, 100, 0, 250, 40, 60})));
        QVERIFY2(separated.find("'A=a2'") != std::string::npos, separated.c_str());
        const std::vector<DistortionMatrix> rr3{DistortionMatrix::identity(3), DistortionMatrix::warner(2, 0.8)};
        QVERIFY(!message(request(rr3, table({300, 100, 150, 250, 0, 0}))).empty());
    }
};

QTEST_APPLESS_MAIN(TestModelsLogit)
#include "test_models_logit.moc"
