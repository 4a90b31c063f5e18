// The tau contour drawn over the risk surface (marching squares, chained polylines).
#include "ui/charts/Contour.h"

#include "TestSupport.h"

#include <QtTest>

#include <cmath>

using namespace rr::ui;

namespace {
std::vector<double> axis(double lo, double hi, int n)
{
    std::vector<double> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        v[static_cast<std::size_t>(i)] = lo + (hi - lo) * i / (n - 1);
    return v;
}
} // namespace

class TestContour : public QObject {
    Q_OBJECT
private slots:
    void planeGivesOneStraightLine()
    {
        const auto xs = axis(0, 1, 11), ys = axis(0, 1, 21);
        Eigen::MatrixXd v(21, 11);
        for (int iy = 0; iy < 21; ++iy)
            for (int ix = 0; ix < 11; ++ix)
                v(iy, ix) = xs[static_cast<std::size_t>(ix)] + ys[static_cast<std::size_t>(iy)];
        const auto lines = isoLines(v, xs, ys, 0.83);
        QCOMPARE(lines.size(), std::size_t(1));
        QVERIFY(lines[0].size() > 10);
        for (const auto& [x, y] : lines[0])
            RR_COMPARE_NEAR(x + y, 0.83, 1e-12); // linear interpolation is exact on a plane
        // An open curve from one border to another.
        const auto& a = lines[0].front();
        const auto& b = lines[0].back();
        auto onBorder = [](const std::pair<double, double>& p) {
            return p.first < 1e-12 || p.second < 1e-12 || p.first > 1 - 1e-12 || p.second > 1 - 1e-12;
        };
        QVERIFY(onBorder(a) && onBorder(b));
    }

    void circleGivesAClosedLoop()
    {
        const auto xs = axis(-1, 1, 41), ys = axis(-1, 1, 41);
        Eigen::MatrixXd v(41, 41);
        for (int iy = 0; iy < 41; ++iy)
            for (int ix = 0; ix < 41; ++ix)
                v(iy, ix) = std::hypot(xs[static_cast<std::size_t>(ix)], ys[static_cast<std::size_t>(iy)]);
        const auto lines = isoLines(v, xs, ys, 0.5);
        QCOMPARE(lines.size(), std::size_t(1));
        QVERIFY(lines[0].front() == lines[0].back());
        for (const auto& [x, y] : lines[0])
            RR_COMPARE_NEAR(std::hypot(x, y), 0.5, 0.01);
    }

    void levelOutsideTheRangeGivesNothing()
    {
        const auto xs = axis(0, 1, 5), ys = axis(0, 1, 5);
        Eigen::MatrixXd v = Eigen::MatrixXd::Constant(5, 5, 0.2);
        QVERIFY(isoLines(v, xs, ys, 0.5).empty());
        QVERIFY(isoLines(v, xs, ys, 0.1).empty());
        QVERIFY(isoLines(Eigen::MatrixXd(3, 3), xs, ys, 0.1).empty()); // shape mismatch
    }
};

QTEST_GUILESS_MAIN(TestContour)
#include "test_contour.moc"
