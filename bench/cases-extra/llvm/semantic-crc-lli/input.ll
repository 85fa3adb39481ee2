; ModuleID = 'crc.c'
source_filename = "crc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [12 x i8] c"table %08x\0A\00", align 1
@.str.1 = private unnamed_addr constant [14 x i8] c"bitwise %08x\0A\00", align 1
@table = internal global [256 x i32] zeroinitializer, align 16
@.crctable = private unnamed_addr constant [256 x i32] [i32 0, i32 1996959894, i32 -301047508, i32 -1727442502, i32 124634137, i32 1886057615, i32 -379345611, i32 -1637575261, i32 249268274, i32 2044508324, i32 -522852066, i32 -1747789432, i32 162941995, i32 2125561021, i32 -407360249, i32 -1866523247, i32 498536548, i32 1789927666, i32 -205950648, i32 -2067906082, i32 450548861, i32 1843258603, i32 -187386543, i32 -2083289657, i32 325883990, i32 1684777152, i32 -43845254, i32 -1973040660, i32 335633487, i32 1661365465, i32 -99664541, i32 -1928851979, i32 997073096, i32 1281953886, i32 -715111964, i32 -1570279054, i32 1006888145, i32 1258607687, i32 -770865667, i32 -1526024853, i32 901097722, i32 1119000684, i32 -608450090, i32 -1396901568, i32 853044451, i32 1172266101, i32 -589951537, i32 -1412350631, i32 651767980, i32 1373503546, i32 -925412992, i32 -1076862698, i32 565507253, i32 1454621731, i32 -809855591, i32 -1195530993, i32 671266974, i32 1594198024, i32 -972236366, i32 -1324619484, i32 795835527, i32 1483230225, i32 -1050600021, i32 -1234817731, i32 1994146192, i32 31158534, i32 -1731059524, i32 -271249366, i32 1907459465, i32 112637215, i32 -1614814043, i32 -390540237, i32 2013776290, i32 251722036, i32 -1777751922, i32 -519137256, i32 2137656763, i32 141376813, i32 -1855689577, i32 -429695999, i32 1802195444, i32 476864866, i32 -2056965928, i32 -228458418, i32 1812370925, i32 453092731, i32 -2113342271, i32 -183516073, i32 1706088902, i32 314042704, i32 -1950435094, i32 -54949764, i32 1658658271, i32 366619977, i32 -1932296973, i32 -69972891, i32 1303535960, i32 984961486, i32 -1547960204, i32 -725929758, i32 1256170817, i32 1037604311, i32 -1529756563, i32 -740887301, i32 1131014506, i32 879679996, i32 -1385723834, i32 -631195440, i32 1141124467, i32 855842277, i32 -1442165665, i32 -586318647, i32 1342533948, i32 654459306, i32 -1106571248, i32 -921952122, i32 1466479909, i32 544179635, i32 -1184443383, i32 -832445281, i32 1591671054, i32 702138776, i32 -1328506846, i32 -942167884, i32 1504918807, i32 783551873, i32 -1212326853, i32 -1061524307, i32 -306674912, i32 -1698712650, i32 62317068, i32 1957810842, i32 -355121351, i32 -1647151185, i32 81470997, i32 1943803523, i32 -480048366, i32 -1805370492, i32 225274430, i32 2053790376, i32 -468791541, i32 -1828061283, i32 167816743, i32 2097651377, i32 -267414716, i32 -2029476910, i32 503444072, i32 1762050814, i32 -144550051, i32 -2140837941, i32 426522225, i32 1852507879, i32 -19653770, i32 -1982649376, i32 282753626, i32 1742555852, i32 -105259153, i32 -1900089351, i32 397917763, i32 1622183637, i32 -690576408, i32 -1580100738, i32 953729732, i32 1340076626, i32 -776247311, i32 -1497606297, i32 1068828381, i32 1219638859, i32 -670225446, i32 -1358292148, i32 906185462, i32 1090812512, i32 -547295293, i32 -1469587627, i32 829329135, i32 1181335161, i32 -882789492, i32 -1134132454, i32 628085408, i32 1382605366, i32 -871598187, i32 -1156888829, i32 570562233, i32 1426400815, i32 -977650754, i32 -1296233688, i32 733239954, i32 1555261956, i32 -1026031705, i32 -1244606671, i32 752459403, i32 1541320221, i32 -1687895376, i32 -328994266, i32 1969922972, i32 40735498, i32 -1677130071, i32 -351390145, i32 1913087877, i32 83908371, i32 -1782625662, i32 -491226604, i32 2075208622, i32 213261112, i32 -1831694693, i32 -438977011, i32 2094854071, i32 198958881, i32 -2032938284, i32 -237706686, i32 1759359992, i32 534414190, i32 -2118248755, i32 -155638181, i32 1873836001, i32 414664567, i32 -2012718362, i32 -15766928, i32 1711684554, i32 285281116, i32 -1889165569, i32 -127750551, i32 1634467795, i32 376229701, i32 -1609899400, i32 -686959890, i32 1308918612, i32 956543938, i32 -1486412191, i32 -799009033, i32 1231636301, i32 1047427035, i32 -1362007478, i32 -640263460, i32 1088359270, i32 936918000, i32 -1447252397, i32 -558129467, i32 1202900863, i32 817233897, i32 -1111625188, i32 -893730166, i32 1404277552, i32 615818150, i32 -1160759803, i32 -841546093, i32 1423857449, i32 601450431, i32 -1285129682, i32 -1000256840, i32 1567103746, i32 711928724, i32 -1274298825, i32 -1022587231, i32 1510334235, i32 755167117]

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr noundef readnone captures(none) %1) local_unnamed_addr #0 !func_sanitize !9 {
  %3 = alloca [200 x i8], align 16
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #5
  %4 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %0, i32 150), !nosanitize !10
  %5 = extractvalue { i32, i1 } %4, 0, !nosanitize !10
  %6 = extractvalue { i32, i1 } %4, 1, !nosanitize !10
  br i1 %6, label %11, label %7, !prof !11, !nosanitize !10

7:                                                ; preds = %2
  %8 = icmp sgt i32 %5, 0
  br i1 %8, label %9, label %90

9:                                                ; preds = %7
  %10 = zext nneg i32 %5 to i64
  br label %79

11:                                               ; preds = %2
  tail call void @llvm.ubsantrap(i8 0) #6, !nosanitize !10
  unreachable, !nosanitize !10

12:                                               ; preds = %90, %12
  %13 = phi i64 [ %20, %12 ], [ 0, %90 ]
  %14 = getelementptr inbounds nuw i32, ptr @table, i64 %13
  %15 = trunc nuw nsw i64 %13 to i32
  %16 = lshr i32 %15, 8
  %17 = getelementptr inbounds nuw i32, ptr @.crctable, i64 %13
  %18 = load i32, ptr %17, align 4
  %19 = xor i32 %18, %16
  store i32 %19, ptr %14, align 4, !tbaa !5
  %20 = add nuw nsw i64 %13, 1
  %21 = icmp eq i64 %20, 256
  br i1 %21, label %22, label %12, !llvm.loop !12

22:                                               ; preds = %12
  %23 = icmp sgt i32 %5, 0
  br i1 %23, label %24, label %74

24:                                               ; preds = %22
  %25 = ptrtoint ptr %3 to i64, !nosanitize !10
  %26 = zext nneg i32 %5 to i64
  %27 = sub i64 0, %25
  br label %32

28:                                               ; preds = %37
  %29 = xor i32 %47, -1
  %30 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %29)
  %31 = zext nneg i32 %5 to i64
  br label %51

32:                                               ; preds = %37, %24
  %33 = phi i64 [ 0, %24 ], [ %44, %37 ]
  %34 = phi i32 [ -1, %24 ], [ %47, %37 ]
  %35 = icmp eq i64 %33, %27
  br i1 %35, label %36, label %37, !prof !11, !nosanitize !10

36:                                               ; preds = %32
  call void @llvm.ubsantrap(i8 19) #6, !nosanitize !10
  unreachable, !nosanitize !10

37:                                               ; preds = %32
  %38 = getelementptr inbounds nuw i8, ptr %3, i64 %33
  %39 = load i8, ptr %38, align 1, !tbaa !15
  %40 = trunc i32 %34 to i8
  %41 = xor i8 %39, %40
  %42 = zext i8 %41 to i64
  %43 = getelementptr inbounds nuw i32, ptr @table, i64 %42
  %44 = add nuw nsw i64 %33, 1
  %45 = load i32, ptr %43, align 4, !tbaa !5
  %46 = lshr i32 %34, 8
  %47 = xor i32 %45, %46
  %48 = icmp eq i64 %44, %26
  br i1 %48, label %28, label %32, !llvm.loop !16

49:                                               ; preds = %71
  %50 = xor i32 %69, -1
  br label %76

51:                                               ; preds = %71, %28
  %52 = phi i64 [ 0, %28 ], [ %72, %71 ]
  %53 = phi i32 [ -1, %28 ], [ %69, %71 ]
  %54 = icmp eq i64 %52, %27
  br i1 %54, label %55, label %56, !prof !11, !nosanitize !10

55:                                               ; preds = %51
  call void @llvm.ubsantrap(i8 19) #6, !nosanitize !10
  unreachable, !nosanitize !10

56:                                               ; preds = %51
  %57 = getelementptr inbounds nuw i8, ptr %3, i64 %52
  %58 = load i8, ptr %57, align 1, !tbaa !15
  %59 = zext i8 %58 to i32
  %60 = xor i32 %53, %59
  br label %61

61:                                               ; preds = %61, %56
  %62 = phi i32 [ 0, %56 ], [ %64, %61 ]
  %63 = phi i32 [ %60, %56 ], [ %69, %61 ]
  %64 = add nuw nsw i32 %62, 1
  %65 = lshr i32 %63, 1
  %66 = and i32 %63, 1
  %67 = icmp eq i32 %66, 0
  %68 = select i1 %67, i32 0, i32 -306674912
  %69 = xor i32 %68, %65
  %70 = icmp eq i32 %64, 8
  br i1 %70, label %71, label %61, !llvm.loop !17

71:                                               ; preds = %61
  %72 = add nuw nsw i64 %52, 1
  %73 = icmp eq i64 %72, %31
  br i1 %73, label %49, label %51, !llvm.loop !18

74:                                               ; preds = %22
  %75 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef 0)
  br label %76

76:                                               ; preds = %74, %49
  %77 = phi i32 [ 0, %74 ], [ %50, %49 ]
  %78 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i32 noundef %77)
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #5
  ret i32 0

79:                                               ; preds = %9, %83
  %80 = phi i64 [ 0, %9 ], [ %88, %83 ]
  %81 = icmp eq i64 %80, 200
  br i1 %81, label %82, label %83, !prof !11, !nosanitize !10

82:                                               ; preds = %79
  tail call void @llvm.ubsantrap(i8 18) #6, !nosanitize !10
  unreachable, !nosanitize !10

83:                                               ; preds = %79
  %84 = trunc i64 %80 to i8
  %85 = mul i8 %84, 7
  %86 = add i8 %85, 3
  %87 = getelementptr inbounds nuw i8, ptr %3, i64 %80
  store i8 %86, ptr %87, align 1, !tbaa !15
  %88 = add nuw nsw i64 %80, 1
  %89 = icmp eq i64 %88, %10
  br i1 %89, label %90, label %79, !llvm.loop !19

90:                                               ; preds = %83, %7
  br label %12
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32) #2

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.ubsantrap(i8 immarg) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #4

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #4 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind }
attributes #6 = { noreturn nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{i32 -1056584962, i32 -1359287618}
!10 = !{}
!11 = !{!"branch_weights", i32 1, i32 1048575}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
!15 = !{!7, !7, i64 0}
!16 = distinct !{!16, !13, !14}
!17 = distinct !{!17, !13, !14}
!18 = distinct !{!18, !13, !14}
!19 = distinct !{!19, !13, !14}
