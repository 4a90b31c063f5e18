// Issue 45, "window geometry restored within the screen": a window size or position saved in the settings
// that no longer fits (a larger monitor, a second monitor now gone, a position above or left of the screen)
// comes back with the window's frame inside the screen's available area. The offscreen platform is given one
// 1024 x 700 screen with window frames.
#include "UiTestSupport.h"

#include <QDir>
#include <QFile>
#include <QScreen>
#include <QSettings>

using namespace rr;
using namespace rr::ui;

class TestWindowGeometry : public QObject {
    Q_OBJECT

    // Saves `saved` as a closing window would, then opens a new window and reads where its frame lies.
    static QRect restoredFrame(const QRect& saved)
    {
        {
            MainWindow before;
            before.setGeometry(saved);
            QSettings().setValue("window/geometry", before.saveGeometry());
        }
        MainWindow after;
        after.show();
        for (int i = 0; i < 5; ++i) {
            QApplication::processEvents();
            QTest::qWait(20);
        }
        return after.frameGeometry();
    }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QSettings().clear();
        QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), QSize(1024, 700));
    }
    void cleanup() { QSettings().clear(); }

    void frameWithinTheScreen_data()
    {
        QTest::addColumn<QRect>("saved");
        QTest::newRow("larger than the screen") << QRect(0, 0, 2400, 1600);
        QTest::newRow("larger, moved in") << QRect(200, 150, 1600, 1000);
        QTest::newRow("off to the right and below") << QRect(1800, 1200, 900, 600);
        QTest::newRow("above and left of the screen") << QRect(-700, -500, 900, 600);
        QTest::newRow("larger and off the screen") << QRect(3000, -900, 2600, 1900);
        QTest::newRow("partly off to the right") << QRect(600, 100, 900, 560);
    }
    void frameWithinTheScreen()
    {
        QFETCH(QRect, saved);
        const QRect frame = restoredFrame(saved);
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        QVERIFY2(screen.contains(frame), qPrintable(QString("frame %1,%2 %3x%4 outside %5,%6 %7x%8")
                                                        .arg(frame.x())
                                                        .arg(frame.y())
                                                        .arg(frame.width())
                                                        .arg(frame.height())
                                                        .arg(screen.x())
                                                        .arg(screen.y())
                                                        .arg(screen.width())
                                                        .arg(screen.height())));
    }

    // A saved geometry that fits is kept as it was.
    void fittingGeometryKept()
    {
        const QRect saved(100, 80, 900, 560);
        QSettings().clear();
        MainWindow before;
        before.setGeometry(saved);
        QSettings().setValue("window/geometry", before.saveGeometry());
        MainWindow after;
        after.show();
        QApplication::processEvents();
        QCOMPARE(after.geometry(), saved);
    }
};

int main(int argc, char** argv)
{
    const QString config =
        QDir::temp().filePath(QString("rr-window-geometry-%1.json").arg(QCoreApplication::applicationPid()));
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly))
        return 1;
    f.write(R"({"synchronousWindowSystemEvents": false, "windowFrameMargins": true,
               "screens": [{"name": "only", "x": 0, "y": 0, "width": 1024, "height": 700,
                            "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    f.close();
    qputenv("QT_QPA_PLATFORM", ("offscreen:configfile=" + config).toUtf8());
    int rc = 0;
    {
        QApplication app(argc, argv);
        TestWindowGeometry t;
        rc = QTest::qExec(&t, argc, argv);
    }
    QFile::remove(config);
    return rc;
}
#include "test_window_geometry.moc"
