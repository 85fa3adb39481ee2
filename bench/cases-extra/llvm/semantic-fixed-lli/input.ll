; ModuleID = 'fixed.c'
source_filename = "fixed.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [14 x i8] c"mean %d.%04d\0A\00", align 1
@.str.1 = private unnamed_addr constant [7 x i8] c"sd %d\0A\00", align 1
@.str.2 = private unnamed_addr constant [23 x i8] c"neg %d zero %d pos %d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main(i32 noundef %0, ptr noundef readnone captures(none) %1) local_unnamed_addr #0 !func_sanitize !9 {
  %3 = alloca [10 x i32], align 16
  %4 = alloca [3 x i32], align 4
  call void @llvm.lifetime.start.p0(ptr nonnull %3) #6
  %5 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %0, i32 9), !nosanitize !10
  %6 = extractvalue { i32, i1 } %5, 0, !nosanitize !10
  %7 = extractvalue { i32, i1 } %5, 1, !nosanitize !10
  br i1 %7, label %12, label %8, !prof !11, !nosanitize !10

8:                                                ; preds = %2
  %9 = icmp sgt i32 %6, 0
  br i1 %9, label %10, label %13

10:                                               ; preds = %8
  %11 = zext nneg i32 %6 to i64
  br label %44

12:                                               ; preds = %107, %84, %139, %2
  call void @llvm.ubsantrap(i8 0) #7, !nosanitize !10
  unreachable, !nosanitize !10

13:                                               ; preds = %69, %8
  %14 = icmp sgt i32 %6, 1
  br i1 %14, label %15, label %38

15:                                               ; preds = %13
  %16 = ptrtoint ptr %3 to i64, !nosanitize !10
  %17 = load i32, ptr %3, align 16, !tbaa !5
  %18 = zext nneg i32 %6 to i64
  %19 = xor i64 %16, -1
  %20 = lshr i64 %19, 2
  %21 = add nuw nsw i64 %20, 1
  br label %22

22:                                               ; preds = %33, %15
  %23 = phi i64 [ 1, %15 ], [ %36, %33 ]
  %24 = phi i32 [ %17, %15 ], [ %29, %33 ]
  %25 = getelementptr inbounds nuw i32, ptr %3, i64 %23
  %26 = icmp eq i64 %23, %21
  br i1 %26, label %27, label %28, !prof !11, !nosanitize !10

27:                                               ; preds = %22
  call void @llvm.ubsantrap(i8 19) #7, !nosanitize !10
  unreachable, !nosanitize !10

28:                                               ; preds = %22
  %29 = load i32, ptr %25, align 4, !tbaa !5
  %30 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %24, i32 %29), !nosanitize !10
  %31 = extractvalue { i32, i1 } %30, 1, !nosanitize !10
  br i1 %31, label %32, label %33, !prof !11, !nosanitize !10

32:                                               ; preds = %28
  call void @llvm.ubsantrap(i8 0) #7, !nosanitize !10
  unreachable, !nosanitize !10

33:                                               ; preds = %28
  %34 = extractvalue { i32, i1 } %30, 0, !nosanitize !10
  %35 = ashr i32 %34, 1
  store i32 %35, ptr %25, align 4, !tbaa !5
  %36 = add nuw nsw i64 %23, 1
  %37 = icmp eq i64 %36, %18
  br i1 %37, label %38, label %22, !llvm.loop !12

38:                                               ; preds = %33, %13
  call void @llvm.lifetime.start.p0(ptr nonnull %4) #6
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %4, i8 0, i64 12, i1 false)
  %39 = icmp sgt i32 %6, 0
  br i1 %39, label %40, label %73

40:                                               ; preds = %38
  %41 = ptrtoint ptr %4 to i64
  %42 = xor i64 %41, -1
  %43 = zext nneg i32 %6 to i64
  br label %80

44:                                               ; preds = %10, %69
  %45 = phi i64 [ 0, %10 ], [ %71, %69 ]
  %46 = trunc nuw nsw i64 %45 to i32
  %47 = tail call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %46, i32 %46), !nosanitize !10
  %48 = extractvalue { i32, i1 } %47, 1, !nosanitize !10
  br i1 %48, label %49, label %50, !prof !11, !nosanitize !10

49:                                               ; preds = %44
  tail call void @llvm.ubsantrap(i8 12) #7, !nosanitize !10
  unreachable, !nosanitize !10

50:                                               ; preds = %44
  %51 = extractvalue { i32, i1 } %47, 0, !nosanitize !10
  %52 = tail call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %51, i32 -30)
  %53 = extractvalue { i32, i1 } %52, 1, !nosanitize !10
  br i1 %53, label %54, label %55, !prof !11, !nosanitize !10

54:                                               ; preds = %55, %50, %126
  call void @llvm.ubsantrap(i8 21) #7, !nosanitize !10
  unreachable, !nosanitize !10

55:                                               ; preds = %50
  %56 = extractvalue { i32, i1 } %52, 0, !nosanitize !10
  %57 = shl i32 %56, 16
  %58 = sdiv i32 %57, 3
  %59 = trunc i64 %45 to i32
  %60 = shl i32 %59, 12
  %61 = tail call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %58, i32 %60), !nosanitize !10
  %62 = extractvalue { i32, i1 } %61, 0, !nosanitize !10
  %63 = extractvalue { i32, i1 } %61, 1, !nosanitize !10
  br i1 %63, label %54, label %65, !prof !11, !nosanitize !10

64:                                               ; preds = %131, %73
  call void @llvm.ubsantrap(i8 3) #7, !nosanitize !10
  unreachable, !nosanitize !10

65:                                               ; preds = %55
  %66 = icmp eq i64 %45, 10
  br i1 %66, label %67, label %69, !prof !11, !nosanitize !10

67:                                               ; preds = %65, %95, %80, %122
  call void @llvm.ubsantrap(i8 18) #7, !nosanitize !10
  unreachable, !nosanitize !10

68:                                               ; preds = %102, %180
  call void @llvm.ubsantrap(i8 19) #7, !nosanitize !10
  unreachable, !nosanitize !10

69:                                               ; preds = %65
  %70 = getelementptr inbounds nuw i32, ptr %3, i64 %45
  store i32 %62, ptr %70, align 4, !tbaa !5
  %71 = add nuw nsw i64 %45, 1
  %72 = icmp eq i64 %71, %11
  br i1 %72, label %13, label %44, !llvm.loop !15

73:                                               ; preds = %111, %38
  %74 = phi i64 [ 0, %38 ], [ %89, %111 ]
  %75 = icmp ne i32 %6, 0
  %76 = icmp ne i64 %74, -9223372036854775808, !nosanitize !10
  %77 = icmp ne i32 %6, -1
  %78 = or i1 %77, %76, !nosanitize !10
  %79 = and i1 %75, %78, !nosanitize !10
  br i1 %79, label %115, label %64, !prof !16, !nosanitize !10

80:                                               ; preds = %40, %111
  %81 = phi i64 [ 0, %40 ], [ %113, %111 ]
  %82 = phi i64 [ 0, %40 ], [ %89, %111 ]
  %83 = icmp eq i64 %81, 10
  br i1 %83, label %67, label %84, !prof !11, !nosanitize !10

84:                                               ; preds = %80
  %85 = getelementptr inbounds nuw i32, ptr %3, i64 %81
  %86 = load i32, ptr %85, align 4, !tbaa !5
  %87 = sext i32 %86 to i64
  %88 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %82, i64 %87), !nosanitize !10
  %89 = extractvalue { i64, i1 } %88, 0, !nosanitize !10
  %90 = extractvalue { i64, i1 } %88, 1, !nosanitize !10
  br i1 %90, label %12, label %91, !prof !11, !nosanitize !10

91:                                               ; preds = %84
  %92 = call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 0, i32 %86), !nosanitize !10
  %93 = extractvalue { i32, i1 } %92, 1, !nosanitize !10
  br i1 %93, label %94, label %95, !prof !11, !nosanitize !10

94:                                               ; preds = %91
  call void @llvm.ubsantrap(i8 13) #7, !nosanitize !10
  unreachable, !nosanitize !10

95:                                               ; preds = %91
  %96 = extractvalue { i32, i1 } %92, 0, !nosanitize !10
  %97 = lshr i32 %96, 31
  %98 = ashr i32 %86, 31
  %99 = or i32 %97, %98
  %100 = add nsw i32 %99, 1
  %101 = icmp ult i32 %100, 4
  br i1 %101, label %102, label %67, !prof !16, !nosanitize !10

102:                                              ; preds = %95
  %103 = zext nneg i32 %100 to i64
  %104 = getelementptr inbounds nuw i32, ptr %4, i64 %103
  %105 = shl nuw nsw i64 %103, 2
  %106 = icmp ugt i64 %105, %42
  br i1 %106, label %68, label %107, !prof !11, !nosanitize !10

107:                                              ; preds = %102
  %108 = load i32, ptr %104, align 4, !tbaa !5
  %109 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %108, i32 1), !nosanitize !10
  %110 = extractvalue { i32, i1 } %109, 1, !nosanitize !10
  br i1 %110, label %12, label %111, !prof !11, !nosanitize !10

111:                                              ; preds = %107
  %112 = extractvalue { i32, i1 } %109, 0, !nosanitize !10
  store i32 %112, ptr %104, align 4, !tbaa !5
  %113 = add nuw nsw i64 %81, 1
  %114 = icmp eq i64 %113, %43
  br i1 %114, label %73, label %80, !llvm.loop !17

115:                                              ; preds = %73
  %116 = sext i32 %6 to i64
  %117 = sdiv i64 %74, %116
  %118 = trunc i64 %117 to i32
  %119 = icmp sgt i32 %6, 0
  br i1 %119, label %120, label %147

120:                                              ; preds = %115
  %121 = zext nneg i32 %6 to i64
  br label %122

122:                                              ; preds = %120, %143
  %123 = phi i64 [ 0, %120 ], [ %145, %143 ]
  %124 = phi i32 [ 0, %120 ], [ %144, %143 ]
  %125 = icmp eq i64 %123, 10
  br i1 %125, label %67, label %126, !prof !11, !nosanitize !10

126:                                              ; preds = %122
  %127 = getelementptr inbounds nuw i32, ptr %3, i64 %123
  %128 = load i32, ptr %127, align 4, !tbaa !5
  %129 = call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %128, i32 %118), !nosanitize !10
  %130 = extractvalue { i32, i1 } %129, 1, !nosanitize !10
  br i1 %130, label %54, label %131, !prof !11, !nosanitize !10

131:                                              ; preds = %126
  %132 = extractvalue { i32, i1 } %129, 0, !nosanitize !10
  %133 = sext i32 %132 to i64
  %134 = mul nsw i64 %133, %133
  %135 = lshr i64 %134, 16
  %136 = trunc i64 %135 to i32
  %137 = icmp ne i32 %136, -2147483648, !nosanitize !10
  %138 = or i1 %77, %137, !nosanitize !10
  br i1 %138, label %139, label %64, !prof !16, !nosanitize !10

139:                                              ; preds = %131
  %140 = sdiv i32 %136, %6
  %141 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %124, i32 %140), !nosanitize !10
  %142 = extractvalue { i32, i1 } %141, 1, !nosanitize !10
  br i1 %142, label %12, label %143, !prof !11, !nosanitize !10

143:                                              ; preds = %139
  %144 = extractvalue { i32, i1 } %141, 0, !nosanitize !10
  %145 = add nuw nsw i64 %123, 1
  %146 = icmp eq i64 %145, %121
  br i1 %146, label %147, label %122, !llvm.loop !18

147:                                              ; preds = %143, %115
  %148 = phi i32 [ 0, %115 ], [ %144, %143 ]
  %149 = and i32 %118, 65535
  %150 = mul nuw nsw i32 %149, 10000
  %151 = ashr i32 %118, 16
  %152 = lshr i32 %150, 16
  %153 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %151, i32 noundef %152)
  %154 = icmp slt i32 %148, 1
  br i1 %154, label %180, label %155

155:                                              ; preds = %147
  %156 = icmp sgt i32 %148, 65536
  %157 = lshr i32 %148, 1
  %158 = select i1 %156, i32 %157, i32 65536
  %159 = zext nneg i32 %148 to i64
  %160 = shl nuw nsw i64 %159, 16
  br label %161

161:                                              ; preds = %173, %155
  %162 = phi i32 [ 0, %155 ], [ %174, %173 ]
  %163 = phi i32 [ %158, %155 ], [ %176, %173 ]
  %164 = icmp eq i32 %163, 0
  br i1 %164, label %165, label %166, !prof !11, !nosanitize !10

165:                                              ; preds = %161
  call void @llvm.ubsantrap(i8 3) #7, !nosanitize !10
  unreachable, !nosanitize !10

166:                                              ; preds = %161
  %167 = sext i32 %163 to i64
  %168 = sdiv i64 %160, %167
  %169 = trunc i64 %168 to i32
  %170 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %163, i32 %169), !nosanitize !10
  %171 = extractvalue { i32, i1 } %170, 1, !nosanitize !10
  br i1 %171, label %172, label %173, !prof !11, !nosanitize !10

172:                                              ; preds = %166
  call void @llvm.ubsantrap(i8 0) #7, !nosanitize !10
  unreachable, !nosanitize !10

173:                                              ; preds = %166
  %174 = add nuw nsw i32 %162, 1
  %175 = extractvalue { i32, i1 } %170, 0, !nosanitize !10
  %176 = ashr i32 %175, 1
  %177 = icmp eq i32 %174, 12
  br i1 %177, label %178, label %161, !llvm.loop !19

178:                                              ; preds = %173
  %179 = ashr i32 %175, 9
  br label %180

180:                                              ; preds = %178, %147
  %181 = phi i32 [ 0, %147 ], [ %179, %178 ]
  %182 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i32 noundef %181)
  %183 = icmp ugt ptr %4, inttoptr (i64 -9 to ptr)
  br i1 %183, label %68, label %184, !prof !20

184:                                              ; preds = %180
  %185 = load i32, ptr %4, align 4, !tbaa !5
  %186 = getelementptr inbounds nuw i8, ptr %4, i64 4
  %187 = load i32, ptr %186, align 4, !tbaa !5
  %188 = getelementptr inbounds nuw i8, ptr %4, i64 8
  %189 = load i32, ptr %188, align 4, !tbaa !5
  %190 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.2, i32 noundef %185, i32 noundef %187, i32 noundef %189)
  call void @llvm.lifetime.end.p0(ptr nonnull %4) #6
  call void @llvm.lifetime.end.p0(ptr nonnull %3) #6
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32) #2

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.ubsantrap(i8 immarg) #3

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.smul.with.overflow.i32(i32, i32) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i32, i1 } @llvm.ssub.with.overflow.i32(i32, i32) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #4

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr noundef readonly captures(none), ...) local_unnamed_addr #5

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #4 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #5 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind }
attributes #7 = { noreturn nounwind }

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
!15 = distinct !{!15, !13, !14}
!16 = !{!"branch_weights", i32 1048575, i32 1}
!17 = distinct !{!17, !13, !14}
!18 = distinct !{!18, !13, !14}
!19 = distinct !{!19, !13, !14}
!20 = !{!"branch_weights", i32 8191, i32 -8192}
